// Vite plugin for the server build: the workspace packages' npm dependencies stay outside the bundle (Node imports them)
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** What the plugin needs of Vite's plugin context (the site has no direct `vite` dependency to take types from). */
interface ResolveContext {
  resolve(
    source: string,
    importer: string,
    options: { skipSelf?: boolean; ssr?: boolean },
  ): Promise<{ id: string; external?: boolean | "absolute" | "relative" } | null>;
}

/** A Vite plugin with only a resolveId hook. */
export interface ResolvePlugin {
  name: string;
  enforce: "pre";
  apply: "build";
  resolveId(
    this: ResolveContext,
    source: string,
    importer: string | undefined,
    options: { ssr?: boolean },
  ): Promise<{ id: string; external: "absolute" } | null>;
}

/** Kept in the bundle: zod stays one instance with the site's own; jsonc-parser's ESM build has extensionless imports Node cannot load. */
const BUNDLED = new Set(["zod", "jsonc-parser"]);

/** `semver`, `@scope/name/sub` → the package name; undefined for relative, absolute, virtual and node: imports. */
export function barePackageName(source: string): string | undefined {
  if (/^(?:[./\0]|[a-z]+:|virtual:|astro:)/i.test(source)) return undefined;
  const parts = source.split("/");
  return source.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The npm dependencies the workspace packages in `packagesDir` declare (names), without the workspace ones. */
export function workspaceDependencies(packagesDir: string, packages: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const name of packages) {
    const manifest = JSON.parse(readFileSync(join(packagesDir, name, "package.json"), "utf8")) as {
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(manifest.dependencies ?? {}))
      if (!dependency.startsWith("@momenta/") && !dependency.startsWith("@types/")) names.add(dependency);
  }
  return names;
}

/**
 * The validator, schema and rules packages ship TypeScript, so Vite must bundle their sources; their own npm
 * dependencies (semver, diff, yaml, json-merge-patch, jsonc-parser, ajv … several CommonJS) need not be bundled:
 * they resolve to absolute paths Node imports when the pages are rendered, as it does for the config. A package
 * is external for every importer (the site's or Astro's too), so no module is both bundled and external.
 */
export function workspaceDependenciesExternal(dependencies: ReadonlySet<string>): ResolvePlugin {
  return {
    name: "momenta:workspace-dependencies-external",
    enforce: "pre",
    apply: "build",
    async resolveId(source, importer, options) {
      if (!options.ssr || !importer) return null;
      const name = barePackageName(source);
      if (!name || !dependencies.has(name) || BUNDLED.has(name)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (
        !resolved ||
        resolved.external ||
        !resolved.id.includes("/node_modules/") ||
        resolved.id.includes("?")
      )
        return null;
      return { id: resolved.id, external: "absolute" };
    },
  };
}
