// Astro integration: a build into an outDir outside the working directory leaves no .astro files there and keeps site/.astro
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";

/** Whether Astro builds the server bundle in `<cwd>/.astro/` instead of outDir (its getOutDirWithinCwd). */
export function serverBuildFallsBack(outDir: string, cwd = process.cwd()): boolean {
  return !outDir.startsWith(cwd);
}

/** Removes `names` from the folder `into` (what Astro's copy of its fallback folder left there). */
export function removeCopied(names: readonly string[], into: string): void {
  for (const name of names) {
    const path = join(into, name);
    // a name that resolves outside outDir (never the case for Astro's own files) is left alone
    if (relative(into, path).startsWith(`..${sep}`)) continue;
    rmSync(path, { recursive: true, force: true });
  }
}

/**
 * With outDir outside the working directory (tests and benchmarks build elsewhere), Astro 5 writes the server bundle
 * into `<cwd>/.astro/` — the project's own `.astro` (content modules, collection schemas, types) — then copies that
 * whole folder into outDir and deletes it. This puts the project's `.astro` aside after the content sync and back
 * after the build, and takes its files out of outDir again.
 */
export function outDirOutsideProject(): AstroIntegration {
  let dotAstro = "";
  let outDir = "";
  let aside: { folder: string; names: string[] } | undefined;
  return {
    name: "momenta-out-dir",
    hooks: {
      "astro:config:done": ({ config }) => {
        // the fallback is the working directory's .astro (the project's own when the build runs in site/)
        dotAstro = join(process.cwd(), ".astro");
        outDir = fileURLToPath(config.outDir);
      },
      "astro:build:start": () => {
        if (!serverBuildFallsBack(outDir) || !existsSync(dotAstro)) return;
        const names = readdirSync(dotAstro);
        const folder = mkdtempSync(join(tmpdir(), "momenta-dot-astro-"));
        cpSync(dotAstro, folder, { recursive: true });
        aside = { folder, names };
      },
      "astro:build:done": () => {
        if (!aside) return;
        removeCopied(aside.names, outDir);
        rmSync(dotAstro, { recursive: true, force: true });
        mkdirSync(dotAstro, { recursive: true });
        for (const name of aside.names)
          cpSync(join(aside.folder, name), join(dotAstro, name), { recursive: true });
        rmSync(aside.folder, { recursive: true, force: true });
        aside = undefined;
      },
    },
  };
}
