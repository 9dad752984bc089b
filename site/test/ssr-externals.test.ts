// The server build and the content loader leave the workspace packages and their npm dependencies to Node, and bundle the rest

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { barePackageName, workspaceDependencies, workspacePackagesToNode } from "../src/lib/ssr-externals.ts";

const SEMVER = "/repo/node_modules/.pnpm/semver@7.7.2/node_modules/semver/index.js";

type Resolve = (source: string, importer: string, options: { ssr?: boolean }) => Promise<unknown>;

// two workspace packages as the plugin reads them: their manifests' names and npm dependencies
const PACKAGES = mkdtempSync(join(tmpdir(), "momenta-ssr-externals-"));
afterAll(() => rmSync(PACKAGES, { recursive: true, force: true }));
const MANIFESTS = {
  schema: { name: "@momenta/schema", dependencies: { semver: "^7", zod: "3.25.76" } },
  validator: {
    name: "@momenta/validator",
    dependencies: { "@momenta/schema": "workspace:*", "jsonc-parser": "^3", "not-installed": "1" },
  },
};
for (const [folder, manifest] of Object.entries(MANIFESTS)) {
  mkdirSync(join(PACKAGES, folder));
  writeFileSync(join(PACKAGES, folder, "package.json"), JSON.stringify(manifest));
}

/** The plugin (in a Vite `command`) with a context whose own resolution maps each specifier as `table` says. */
function resolver(table: Record<string, string>, command: "build" | "serve" = "build"): Resolve {
  const plugin = workspacePackagesToNode(PACKAGES, ["schema", "validator"]);
  plugin.config({}, { command });
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

describe("workspacePackagesToNode", () => {
  const table = {
    semver: SEMVER,
    zod: "/repo/node_modules/.pnpm/zod@3.25.76/node_modules/zod/index.js",
    "jsonc-parser": "/repo/node_modules/.pnpm/jsonc-parser@3.3.1/node_modules/jsonc-parser/lib/esm/main.js",
    "@momenta/schema": "/repo/packages/schema/src/index.ts",
  };
  const resolve = resolver(table);
  const fromSchema = "/repo/packages/schema/src/pack.ts";
  const fromSite = "/repo/site/src/lib/content.ts";

  it("leaves a workspace package to Node in the server build, by the absolute path of its TypeScript source", async () => {
    expect(await resolve("@momenta/schema", fromSite, { ssr: true })).toEqual({
      id: "/repo/packages/schema/src/index.ts",
      external: "absolute",
    });
  });

  it("leaves a workspace package's npm dependency to Node, whoever imports it", async () => {
    expect(await resolve("semver", fromSchema, { ssr: true })).toEqual({ id: SEMVER, external: "absolute" });
    expect(await resolve("semver", fromSite, { ssr: true })).toEqual({ id: SEMVER, external: "absolute" });
    // one zod instance: the schema package's, as Node loads it
    expect(await resolve("zod", fromSite, { ssr: true })).toEqual({ id: table.zod, external: "absolute" });
  });

  it("leaves Astro's Markdown runtime (and the Shiki grammars it imports) to Node", async () => {
    const markdown =
      "/repo/node_modules/.pnpm/@astrojs+markdown-remark@6.3.9/node_modules/@astrojs/markdown-remark/dist/index.js";
    const astro = resolver({ "@astrojs/markdown-remark": markdown });
    expect(
      await astro("@astrojs/markdown-remark", "/repo/node_modules/astro/dist/content/utils.js", {
        ssr: true,
      }),
    ).toEqual({
      id: markdown,
      external: "absolute",
    });
  });

  it("bundles jsonc-parser and relative imports", async () => {
    expect(await resolve("jsonc-parser", fromSchema, { ssr: true })).toBeNull();
    expect(await resolve("./semver.ts", fromSchema, { ssr: true })).toBeNull();
  });

  it("bundles what no workspace package depends on, and everything in the client build", async () => {
    expect(await resolve("unified", fromSchema, { ssr: true })).toBeNull();
    expect(await resolve("semver", fromSchema, { ssr: false })).toBeNull();
    expect(await resolve("@momenta/schema", fromSite, { ssr: false })).toBeNull();
  });

  it("bundles a dependency Vite cannot resolve, so the build reports it as before", async () => {
    expect(await resolve("not-installed", fromSchema, { ssr: true })).toBeNull();
  });

  it("in Vite's module loader (the content loader, `astro dev`) makes the workspace packages SSR externals", async () => {
    const plugin = workspacePackagesToNode(PACKAGES, ["schema", "validator"]);
    expect(plugin.config({}, { command: "serve" })).toEqual({
      ssr: { external: ["@momenta/schema", "@momenta/validator"] },
    });
    expect(plugin.config({}, { command: "build" })).toBeUndefined();
    expect(await resolver(table, "serve")("@momenta/schema", fromSite, { ssr: true })).toBeNull();
  });
});

describe("workspaceDependencies", () => {
  it("lists the npm dependencies the workspace packages declare, not the workspace ones or types", () => {
    const names = workspaceDependencies(fileURLToPath(new URL("../../packages/", import.meta.url)), [
      "content",
      "lint",
      "export",
      "render",
      "schema",
      "rules",
    ]);
    expect(names).toContain("semver");
    expect(names).toContain("diff");
    expect(names).toContain("unhomoglyph");
    expect(names).toContain("yaml");
    expect([...names].filter((name) => name.startsWith("@momenta/") || name.startsWith("@types/"))).toEqual(
      [],
    );
  });
});
