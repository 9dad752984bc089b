// Vite plugin: the server build and the content loader leave the workspace packages and their npm dependencies to Node
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

/** The Vite plugin: the SSR externals in its config hook, and a resolveId hook for the server build. */
export interface ResolvePlugin {
  name: string;
  enforce: "pre";
  config(config: unknown, env: { command: "build" | "serve" }): { ssr: { external: string[] } } | undefined;
  resolveId(
    this: ResolveContext,
    source: string,
    importer: string | undefined,
    options: { ssr?: boolean },
  ): Promise<{ id: string; external: "absolute" } | null>;
}

/** Kept in the bundle: jsonc-parser's ESM build (what Vite resolves) has extensionless imports Node cannot load. */
const BUNDLED = new Set(["jsonc-parser"]);

/**
 * Left to Node as well, though no workspace package depends on it: Astro's Markdown runtime, which Astro's content
 * module imports. Bundled, it brings Shiki's ~320 grammar and theme modules and Prism for Vite to parse on every
 * build; the site highlights no code (`syntaxHighlight: false`), so Node never even loads those.
 */
const LEFT_TO_NODE = ["@astrojs/markdown-remark"];

/** `semver`, `@scope/name/sub` → the package name; undefined for relative, absolute, virtual and node: imports. */
export function barePackageName(source: string): string | undefined {
  if (/^(?:[./\0]|[a-z]+:|virtual:|astro:)/i.test(source)) return undefined;
  const parts = source.split("/");
  return source.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
}
const manifestOf = (packagesDir: string, name: string) =>
  JSON.parse(readFileSync(join(packagesDir, name, "package.json"), "utf8")) as Manifest;

/** The npm dependencies the workspace packages in `packagesDir` declare (names), without the workspace ones. */
export function workspaceDependencies(packagesDir: string, packages: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const name of packages) {
    for (const dependency of Object.keys(manifestOf(packagesDir, name).dependencies ?? {}))
      if (!dependency.startsWith("@momenta/") && !dependency.startsWith("@types/")) names.add(dependency);
  }
  return names;
}

/**
 * The workspace packages (content, lint, export, schema, rules) ship TypeScript, which Node loads through tsx (registered by
 * astro.config.mjs for the whole process). Left to Node, they are loaded once per build and shared by the config,
 * the content loader and the pages, instead of Vite transforming their whole module graph for the content loader
 * and bundling it again for the pages. Their own npm dependencies (semver, diff, yaml, ajv …
 * several CommonJS) are left to Node too, for every importer (the site's or Astro's), so no module is both
 * bundled and external. In the server build each resolves to the absolute path Node imports when the pages render,
 * wherever outDir is. The client build bundles all of them, as before.
 */
export function workspacePackagesToNode(packagesDir: string, packages: readonly string[]): ResolvePlugin {
  const workspaces = new Set(packages.map((name) => manifestOf(packagesDir, name).name));
  const dependencies = workspaceDependencies(packagesDir, packages);
  for (const name of LEFT_TO_NODE) dependencies.add(name);
  let command: "build" | "serve" = "serve";
  return {
    name: "momenta:workspace-packages-to-node",
    enforce: "pre",
    config(_config, env) {
      command = env.command;
      // the content loader (and `astro dev`) run in Vite's SSR module loader, which has Node import its externals
      return env.command === "serve" ? { ssr: { external: [...workspaces] } } : undefined;
    },
    async resolveId(source, importer, options) {
      if (command !== "build" || !options.ssr || !importer) return null;
      const name = barePackageName(source);
      if (!name || BUNDLED.has(name)) return null;
      const workspace = workspaces.has(name);
      if (!workspace && !dependencies.has(name)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes("?")) return null;
      if (!workspace && !resolved.id.includes("/node_modules/")) return null;
      return { id: resolved.id, external: "absolute" };
    },
  };
}
