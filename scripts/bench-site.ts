// Site build benchmark: time, pages/s, peak memory, build phases and JS bytes per page type, for the real content
// and for the real content plus 10,000 synthetic entries (default heap; nothing raises --max-old-space-size)
//
// usage: npx tsx scripts/bench-site.ts [--synthetic N] [--skip-real]
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "..");
const SITE = join(ROOT, "site");
const ASTRO = join(SITE, "node_modules/astro/astro.js");

interface BuildResult {
  label: string;
  seconds: number;
  pages: number;
  peakRssMb: number;
  phases: Record<string, number>;
  jsBytes: Record<string, { inline: number; external: number; total: number }>;
}

function htmlPages(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== "_astro" && name !== "pagefind") htmlPages(path, out);
    } else if (name.endsWith(".html")) out.push(path);
  }
  return out;
}

/** Bytes of a JS module and every module it imports statically (what a page downloads before it runs). */
function moduleBytes(file: string, seen: Set<string>): number {
  if (seen.has(file) || !existsSync(file)) return 0;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  let total = Buffer.byteLength(code);
  for (const match of code.matchAll(/(?:^|[;\s}])import\s*(?:[^"'()]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
    total += moduleBytes(join(dirname(file), match[1] ?? ""), seen);
  }
  return total;
}

/** JavaScript a page ships: inline module scripts plus external scripts and their static imports. */
function javascriptOf(dist: string, page: string): { inline: number; external: number; total: number } {
  const html = readFileSync(join(dist, page), "utf8");
  let inline = 0;
  let external = 0;
  const seen = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? "";
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    const src = /\ssrc="([^"]+)"/.exec(attributes)?.[1];
    if (src?.startsWith("/")) external += moduleBytes(join(dist, src), seen);
    else inline += Buffer.byteLength(match[2] ?? "");
  }
  return { inline, external, total: inline + external };
}

const PAGE_TYPES: Record<string, string> = {
  home: "index.html",
  chapter: "chapter/conditions-and-states/index.html",
  entry: "condition/hindered/index.html",
  "entry (character)": "character/mira/index.html",
  "catalog index": "weapon/index.html",
  "Art × Resonance grid": "spellcasting/grid/index.html",
  "dice calculator": "tools/dice/index.html",
};

function parsePhases(log: string): Record<string, number> {
  const phases: Record<string, number> = {};
  const lines = log.split("\n");
  let section = "setup";
  for (const line of lines) {
    if (line.includes("Building static entrypoints")) section = "bundle (vite, server)";
    else if (line.includes("building client")) section = "bundle (vite, client)";
    else if (line.includes("generating static routes")) section = "render pages";
    const completed = /✓ Completed in ([\d.]+)(m?s)/.exec(line);
    if (completed) phases[section] = Number(completed[1]) / (completed[2] === "ms" ? 1000 : 1);
    const vite = /\[vite\] ✓ built in ([\d.]+)(m?s)/.exec(line);
    if (vite && section === "bundle (vite, client)")
      phases[section] = Number(vite[1]) / (vite[2] === "ms" ? 1000 : 1);
    const types = /\[types\] Generated ([\d.]+)(m?s)/.exec(line);
    if (types) phases["content sync + types"] = Number(types[1]) / (types[2] === "ms" ? 1000 : 1);
    const pagefind = /Finished building search index in ([\d.]+)(m?s)/.exec(line);
    if (pagefind) phases["pagefind index"] = Number(pagefind[1]) / (pagefind[2] === "ms" ? 1000 : 1);
  }
  return phases;
}

function build(label: string, contentRoot: string | undefined): BuildResult {
  const outDir = join(ROOT, ".bench", `site-${label.replace(/\W+/g, "-")}`);
  rmSync(outDir, { recursive: true, force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    ASTRO_TELEMETRY_DISABLED: "1",
    MOMENTA_SITE_OUT_DIR: outDir,
  };
  if (contentRoot) env.MOMENTA_CONTENT_ROOT = contentRoot;
  else delete env.MOMENTA_CONTENT_ROOT;
  // the default heap: NODE_OPTIONS must not raise it behind our back
  delete env.NODE_OPTIONS;
  const started = performance.now();
  const run = spawnSync("/usr/bin/time", ["-f", "__peak_kb=%M", process.execPath, ASTRO, "build"], {
    cwd: SITE,
    env,
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  const log = `${run.stdout}\n${run.stderr}`;
  if (run.status !== 0) {
    console.error(log.slice(-4000));
    throw new Error(`${label}: astro build exited with ${run.status}`);
  }
  const peakKb = Number(/__peak_kb=(\d+)/.exec(log)?.[1] ?? 0);
  const pages = htmlPages(outDir).length;
  const jsBytes: BuildResult["jsBytes"] = {};
  for (const [type, page] of Object.entries(PAGE_TYPES)) {
    if (existsSync(join(outDir, page))) jsBytes[type] = javascriptOf(outDir, page);
  }
  return { label, seconds, pages, peakRssMb: peakKb / 1024, phases: parsePhases(log), jsBytes };
}

/** A copy of content/ plus `count` synthetic entries (conditions and weapons) whose prose references core ones. */
function syntheticContent(count: number): string {
  const root = join(tmpdir(), `momenta-bench-site-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  cpSync(join(ROOT, "content"), join(root, "content"), { recursive: true });
  mkdirSync(join(root, "content/conditions"), { recursive: true });
  mkdirSync(join(root, "content/weapons"), { recursive: true });
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(5, "0");
    if (i % 2 === 0) {
      const slug = `synthetic-condition-${n}`;
      const entry = {
        id: `condition/${slug}`,
        name: `Synthetic Condition ${n}`,
        source: { book: "core-rules", chapter: "22" },
        status: "complete",
        stackable: { max: 3 },
        clear: { type: "roll-to-clear", attributes: ["POW"] },
        effect: `While [[Hindered]] you cannot take the [[maneuver:Shift|Shift]] maneuver; see [[Conditions and States]]. Entry ${n}.`,
      };
      writeFileSync(join(root, "content/conditions", `${slug}.json`), JSON.stringify(entry));
    } else {
      const slug = `synthetic-blade-${n}`;
      const entry = {
        id: `weapon/${slug}`,
        name: `Synthetic Blade ${n}`,
        source: { book: "equipment", section: "Medium Weapons" },
        status: "complete",
        weightClass: "Medium",
        attributes: ["POW"],
        damageTypes: ["Slashing"],
        tags: ["Melee 1"],
        effect: { "0s": "2 damage", "1s": "7 damage", "2s": "13 damage", "3+": "20 damage" },
        damage: { "0s": 2, "1s": 7, "2s": 13, "3+": 20 },
      };
      writeFileSync(join(root, "content/weapons", `${slug}.json`), JSON.stringify(entry));
    }
  }
  return root;
}

function report(result: BuildResult): void {
  console.log(`\n## ${result.label}`);
  console.log(`build time      ${result.seconds.toFixed(1)} s`);
  console.log(`pages           ${result.pages}`);
  console.log(`pages/s         ${(result.pages / result.seconds).toFixed(1)} (whole build)`);
  const render = result.phases["render pages"];
  if (render)
    console.log(`pages/s render  ${(result.pages / render).toFixed(1)} (page generation phase only)`);
  console.log(`peak RSS        ${result.peakRssMb.toFixed(0)} MB (default heap limit)`);
  console.log(
    "phases (s)      " +
      Object.entries(result.phases)
        .map(([name, s]) => `${name} ${s.toFixed(1)}`)
        .join(" · "),
  );
  console.log("JS shipped per page type (bytes, inline + external incl. static imports):");
  for (const [type, bytes] of Object.entries(result.jsBytes)) {
    console.log(
      `  ${type.padEnd(22)} ${String(bytes.total).padStart(7)}  (inline ${bytes.inline}, external ${bytes.external})`,
    );
  }
}

const args = process.argv.slice(2);
const syntheticIndex = args.indexOf("--synthetic");
const synthetic = syntheticIndex === -1 ? 10_000 : Number(args[syntheticIndex + 1]);
console.log(
  `site build benchmark · node ${process.version} · ${(await import("node:os")).cpus().length} cores`,
);
if (!args.includes("--skip-real")) report(build("real content", undefined));
if (synthetic > 0) {
  const root = syntheticContent(synthetic);
  try {
    report(build(`real content + ${synthetic} synthetic entries`, root));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
