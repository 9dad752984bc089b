// The standalone bundle refuses workspace code that imports a package its package.json lists only as a devDependency
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const BUNDLE_SCRIPT = join(import.meta.dirname, "../scripts/bundle.mjs");
const FIXTURE = join(import.meta.dirname, "fixtures/undeclared-dependency");

interface Esbuild {
  build(options: Record<string, unknown>): Promise<unknown>;
}

describe("scripts/bundle.mjs: runtime imports must be declared dependencies", () => {
  it("fails on a devDependency imported at runtime, naming the package and its package.json", async () => {
    const { loadEsbuild, declaredDependenciesOnly } = (await import(BUNDLE_SCRIPT)) as {
      loadEsbuild: () => Esbuild;
      declaredDependenciesOnly: unknown;
    };
    const build = loadEsbuild().build({
      entryPoints: [join(FIXTURE, "index.js")],
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      logLevel: "silent",
      // the fixture has no node_modules: what it imports need not resolve, only be declared
      external: ["semver", "zod"],
      plugins: [declaredDependenciesOnly],
    });
    const failure = (await build.then(
      () => undefined,
      (error: unknown) => error,
    )) as { errors?: { text: string }[] } | undefined;
    expect(failure?.errors?.map((error) => error.text)).toEqual([
      "zod is used at runtime but is not in the dependencies of packages/cli/test/fixtures/undeclared-dependency/package.json",
    ]);
  });
});
