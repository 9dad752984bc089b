// The server build leaves the workspace packages' npm dependencies to Node, and bundles everything else as before

import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  barePackageName,
  workspaceDependencies,
  workspaceDependenciesExternal,
} from "../src/lib/ssr-externals.ts";

const SEMVER = "/repo/node_modules/.pnpm/semver@7.7.2/node_modules/semver/index.js";

type Resolve = (source: string, importer: string, options: { ssr?: boolean }) => Promise<unknown>;

/** The plugin's resolveId with a Vite context whose own resolution maps each specifier as `table` says. */
function resolver(table: Record<string, string>): Resolve {
  const plugin = workspaceDependenciesExternal(new Set(["semver", "zod", "jsonc-parser", "not-installed"]));
  const context = {
    resolve: async (source: string) => (table[source] ? { id: table[source], external: false } : null),
  };
  const hook = plugin.resolveId as unknown as (this: typeof context, ...args: unknown[]) => Promise<unknown>;
  return (source, importer, options) => hook.call(context, source, importer, { isEntry: false, ...options });
}

describe("barePackageName", () => {
  it.each([
    ["semver", "semver"],
    ["yaml/util", "yaml"],
    ["@foundryvtt/foundryvtt-cli", "@foundryvtt/foundryvtt-cli"],
    ["@scope/name/sub/path.js", "@scope/name"],
    ["./graph.ts", undefined],
    ["../index.ts", undefined],
    ["/abs/file.js", undefined],
    ["node:fs", undefined],
    ["virtual:starlight/user-config", undefined],
    ["astro:content", undefined],
    ["\0commonjsHelpers.js", undefined],
  ])("%s → %s", (source, name) => {
    expect(barePackageName(source)).toBe(name);
  });
});

describe("workspaceDependenciesExternal", () => {
  const resolve = resolver({
    semver: SEMVER,
    zod: "/repo/node_modules/.pnpm/zod@3.25.76/node_modules/zod/index.js",
    "@momenta/rules": "/repo/packages/rules/src/index.ts",
  });
  const fromSchema = "/repo/packages/schema/src/pack.ts";

  it("leaves a workspace package's npm dependency to Node, by its absolute path", async () => {
    expect(await resolve("semver", fromSchema, { ssr: true })).toEqual({ id: SEMVER, external: "absolute" });
  });

  it("leaves it to Node whoever imports it: a module is never both bundled and external", async () => {
    expect(await resolve("semver", "/repo/site/src/lib/content.ts", { ssr: true })).toEqual({
      id: SEMVER,
      external: "absolute",
    });
  });

  it("bundles zod, jsonc-parser, the workspace packages themselves and relative imports", async () => {
    expect(await resolve("zod", fromSchema, { ssr: true })).toBeNull();
    expect(await resolve("jsonc-parser", fromSchema, { ssr: true })).toBeNull();
    expect(await resolve("@momenta/rules", fromSchema, { ssr: true })).toBeNull();
    expect(await resolve("./semver.ts", fromSchema, { ssr: true })).toBeNull();
  });

  it("bundles what no workspace package depends on, and everything in the client build", async () => {
    expect(await resolve("unified", fromSchema, { ssr: true })).toBeNull();
    expect(await resolve("semver", fromSchema, { ssr: false })).toBeNull();
  });

  it("bundles a dependency Vite cannot resolve, so the build reports it as before", async () => {
    expect(await resolve("not-installed", fromSchema, { ssr: true })).toBeNull();
  });
});

describe("workspaceDependencies", () => {
  it("lists the npm dependencies the workspace packages declare, not the workspace ones or types", () => {
    const names = workspaceDependencies(fileURLToPath(new URL("../../packages/", import.meta.url)), [
      "validator",
      "schema",
      "rules",
    ]);
    expect(names).toContain("semver");
    expect(names).toContain("diff");
    expect(names).toContain("json-merge-patch");
    expect(names).toContain("yaml");
    expect([...names].filter((name) => name.startsWith("@momenta/") || name.startsWith("@types/"))).toEqual(
      [],
    );
  });
});
