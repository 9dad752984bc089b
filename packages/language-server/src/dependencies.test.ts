// The language server's install closure: every package it brings, through its package.json and theirs, holds no site stack
import { readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const PACKAGE_DIR = join(import.meta.dirname, "..");
/** What the site is built with: an editor's server has no use for any of it. */
const SITE_STACK =
  /^(?:astro|@astrojs\/.*|workbox-.*|@vite-pwa\/.*|vite-plugin-pwa|pagefind|@pagefind\/.*|@momenta\/site)$/;

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The folder of `name` as Node resolves it from `from` (pnpm: the symlinked store folder, made real). */
function packageFolder(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    try {
      return realpathSync(join(dir, "node_modules", name));
    } catch {}
    if (dirname(dir) === dir) return undefined;
  }
}

/** Every package a production install of the folder's package brings, by name, with the path that brought it. */
function installClosure(folder: string): Map<string, string[]> {
  const brought = new Map<string, string[]>();
  const visit = (dir: string, path: string[]) => {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as Manifest;
    const wanted = {
      ...manifest.dependencies,
      ...manifest.optionalDependencies,
      ...manifest.peerDependencies,
    };
    for (const name of Object.keys(wanted)) {
      if (brought.has(name)) continue;
      brought.set(name, [...path, name]);
      const next = packageFolder(name, dir);
      if (next) visit(next, [...path, name]);
    }
  };
  visit(folder, [JSON.parse(readFileSync(join(folder, "package.json"), "utf8")).name]);
  return brought;
}

describe("@momenta/language-server's dependencies", () => {
  const closure = installClosure(PACKAGE_DIR);

  it("bring no Astro, Starlight, Workbox, Pagefind or the site", () => {
    const offending = [...closure]
      .filter(([name]) => SITE_STACK.test(name))
      .map(([, path]) => path.join(" → "));
    expect(offending).toEqual([]);
  });

  it("are walked through (the content and lint packages it reads through, and theirs)", () => {
    expect(closure.has("@momenta/content")).toBe(true);
    expect(closure.has("@momenta/render")).toBe(true);
    expect(closure.has("unified")).toBe(true);
  });

  it("would find the site's stack in the site's own closure (the check can fail)", () => {
    const site = installClosure(join(PACKAGE_DIR, "../../site"));
    expect([...site.keys()].filter((name) => SITE_STACK.test(name))).toEqual(
      expect.arrayContaining(["astro", "@astrojs/starlight"]),
    );
  });
});
