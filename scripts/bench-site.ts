// Site build benchmark: time, pages/s, peak memory, build phases and JS per page type (raw and gzip) for the real
// content, against a plain Starlight build of the same pages in the same run, and for real + synthetic entries;
// `--api` instead builds the real site with and without its JSON API route (what the API adds to the build)
//
// usage: npx tsx scripts/bench-site.ts [--synthetic N] [--skip-real] [--skip-plain] [--rounds N] [--js-of <dist>]
//        npx tsx scripts/bench-site.ts --api [--rounds N]
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const ROOT = resolve(import.meta.dirname, "..");
const SITE = join(ROOT, "site");
const ASTRO = join(SITE, "node_modules/astro/astro.js");

interface BuildResult {
  label: string;
  seconds: number;
  pages: number;
  peakRssMb: number;
  phases: Record<string, number>;
  jsBytes: Record<string, PageJs>;
}

/** JS of one page: what loads with it (raw, gzip) and what the search box adds when opened (lazy chunks). */
interface PageJs {
  inline: number;
  external: number;
  total: number;
  gzip: number;
  lazy: number;
  lazyGzip: number;
  /** Whether any script the page loads, eagerly or lazily, carries zod (schema code). */
  schemaCode: boolean;
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

const STATIC_IMPORT = /(?:^|[;\s}])import\s*(?:[^"'()]*?from\s*)?["'](\.{1,2}\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'](\.{1,2}\/[^"']+\.js)["']\s*\)/g;

/** A JS module and every module it imports statically (what a page downloads before it runs), into `seen`. */
function moduleFiles(file: string, seen: Set<string>, lazy: Set<string>): void {
  if (seen.has(file) || !existsSync(file)) return;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const match of code.matchAll(STATIC_IMPORT))
    moduleFiles(join(dirname(file), match[1] ?? ""), seen, lazy);
  for (const match of code.matchAll(DYNAMIC_IMPORT)) lazy.add(join(dirname(file), match[1] ?? ""));
}

const gzipSize = (parts: readonly string[]) => gzipSync(parts.join("\n"), { level: 9 }).length;
// zod's own error class name survives minification: the marker of schema code in a bundle
const SCHEMA_MARKER = /ZodError|invalid_type/;

/** JavaScript a page ships: inline module scripts plus external scripts and their static imports; then lazy ones. */
function javascriptOf(dist: string, page: string): PageJs {
  const html = readFileSync(join(dist, page), "utf8");
  const inlineParts: string[] = [];
  const eager = new Set<string>();
  const lazyRoots = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? "";
    if (/type="application\/(ld\+)?json"/.test(attributes)) continue;
    const src = /\ssrc="([^"]+)"/.exec(attributes)?.[1];
    if (src?.startsWith("/")) moduleFiles(join(dist, src), eager, lazyRoots);
    else inlineParts.push(match[2] ?? "");
  }
  const lazy = new Set<string>();
  for (const root of lazyRoots) if (!eager.has(root)) moduleFiles(root, lazy, new Set());
  for (const file of eager) lazy.delete(file);
  const read = (files: Set<string>) => [...files].map((file) => readFileSync(file, "utf8"));
  const eagerCode = read(eager);
  const lazyCode = read(lazy);
  const inline = inlineParts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  const external = eagerCode.reduce((sum, code) => sum + Buffer.byteLength(code), 0);
  return {
    inline,
    external,
    total: inline + external,
    gzip: gzipSize([...inlineParts, ...eagerCode]),
    lazy: lazyCode.reduce((sum, code) => sum + Buffer.byteLength(code), 0),
    lazyGzip: lazyCode.length ? gzipSize(lazyCode) : 0,
    schemaCode: [...inlineParts, ...eagerCode, ...lazyCode].some((code) => SCHEMA_MARKER.test(code)),
  };
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

function build(label: string, contentRoot: string | undefined, project = SITE): BuildResult {
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
    cwd: project,
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
  if (result.seconds > 0) reportBuild(result);
  reportJs(result);
}

function reportBuild(result: BuildResult): void {
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
}

function reportJs(result: BuildResult): void {
  if (!Object.keys(result.jsBytes).length) return;
  console.log(
    "JS per page type (bytes; on load = inline + external incl. static imports; search = lazy chunks):",
  );
  console.log(
    `  ${"page".padEnd(22)} ${"on load".padStart(8)} ${"gzip".padStart(7)} ${"search".padStart(8)} ${"gzip".padStart(7)}  schema code`,
  );
  for (const [type, js] of Object.entries(result.jsBytes)) {
    console.log(
      `  ${type.padEnd(22)} ${String(js.total).padStart(8)} ${String(js.gzip).padStart(7)} ${String(js.lazy).padStart(8)} ${String(js.lazyGzip).padStart(7)}  ${js.schemaCode ? "YES" : "no"}`,
    );
  }
}

/** Text of a built page's article, in blocks: what a plain Starlight page of the same content would hold. */
function pageText(html: string): { title: string; body: string } {
  const title =
    /<h1[^>]*>([\s\S]*?)<\/h1>/
      .exec(html)?.[1]
      ?.replace(/<[^>]+>/g, "")
      .trim() || "Page";
  const main = /<main\b[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";
  const body = main
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/g, "")
    .replace(/<\/(p|li|tr|h[1-6]|dt|dd|div|section|table)>/g, "\n\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/[\\`*_{}[\]<>#|~]/g, " ")
    .split(/\n{2,}/)
    .map((block) => block.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .join("\n\n");
  return { title, body };
}

/** A bare Starlight project (no integrations, components or plugins of ours) with one Markdown page per built page. */
function plainStarlightProject(realOut: string): string {
  const project = join(ROOT, ".bench", "plain-starlight");
  rmSync(project, { recursive: true, force: true });
  mkdirSync(join(project, "src/content/docs"), { recursive: true });
  // the site's own node_modules: the same astro, starlight and pagefind versions
  symlinkSync(join(SITE, "node_modules"), join(project, "node_modules"), "dir");
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "plain-starlight-bench", type: "module", private: true }),
  );
  writeFileSync(
    join(project, "astro.config.mjs"),
    `import starlight from "@astrojs/starlight";\nimport { defineConfig } from "astro/config";\nexport default defineConfig({ outDir: process.env.MOMENTA_SITE_OUT_DIR, integrations: [starlight({ title: "Plain" })] });\n`,
  );
  writeFileSync(
    join(project, "src/content.config.ts"),
    `import { defineCollection } from "astro:content";\nimport { docsLoader } from "@astrojs/starlight/loaders";\nimport { docsSchema } from "@astrojs/starlight/schema";\nexport const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };\n`,
  );
  for (const page of htmlPages(realOut)) {
    const route = relative(realOut, page)
      .replace(/(^|\/)index\.html$/, "")
      .replace(/\.html$/, "");
    if (route === "404") continue;
    const { title, body } = pageText(readFileSync(page, "utf8"));
    const file = join(project, "src/content/docs", route ? `${route}.md` : "index.md");
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `---\ntitle: ${JSON.stringify(title)}\n---\n\n${body}\n`);
  }
  return project;
}

/** A copy of the site project without src/pages/api (site/ itself is never touched), beside the repository's
 * packages so the content root and workspace packages resolve as they do for site/. */
function siteWithoutApiProject(): string {
  const project = join(ROOT, ".bench", "site-without-api");
  rmSync(project, { recursive: true, force: true });
  mkdirSync(project, { recursive: true });
  for (const name of readdirSync(SITE)) {
    if (["node_modules", "dist", ".astro", "test"].includes(name)) continue;
    cpSync(join(SITE, name), join(project, name), { recursive: true });
  }
  symlinkSync(join(SITE, "node_modules"), join(project, "node_modules"), "dir");
  rmSync(join(project, "src/pages/api"), { recursive: true, force: true });
  return project;
}

/** Files and bytes under a folder (the API's share of a build). */
function folderSize(folder: string): { files: number; bytes: number } {
  const size = { files: 0, bytes: 0 };
  if (!existsSync(folder)) return size;
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    const stat = statSync(path);
    if (stat.isDirectory()) {
      const inner = folderSize(path);
      size.files += inner.files;
      size.bytes += inner.bytes;
    } else {
      size.files++;
      size.bytes += stat.size;
    }
  }
  return size;
}

const args = process.argv.slice(2);
const syntheticIndex = args.indexOf("--synthetic");
const synthetic = syntheticIndex === -1 ? 10_000 : Number(args[syntheticIndex + 1]);
console.log(
  `site build benchmark · node ${process.version} · ${(await import("node:os")).cpus().length} cores`,
);
const jsOf = args.indexOf("--js-of");
if (jsOf !== -1) {
  // JS per page type of an existing build (e.g. one made from an older commit), without building
  const dist = resolve(args[jsOf + 1] ?? "site/dist");
  const jsBytes: BuildResult["jsBytes"] = {};
  for (const [type, page] of Object.entries(PAGE_TYPES))
    if (existsSync(join(dist, page))) jsBytes[type] = javascriptOf(dist, page);
  report({
    label: `existing build ${dist}`,
    seconds: 0,
    pages: htmlPages(dist).length,
    peakRssMb: 0,
    phases: {},
    jsBytes,
  });
  process.exit(0);
}
const roundsIndex = args.indexOf("--rounds");
// builds alternate (real, plain, real, plain …) and each side keeps its fastest: load on a shared machine varies
const rounds = roundsIndex === -1 ? 1 : Math.max(1, Number(args[roundsIndex + 1]));
const fastest = (a: BuildResult | undefined, b: BuildResult) => (a && a.seconds <= b.seconds ? a : b);
if (args.includes("--api")) {
  // with and without the API route, alternating (with, without, with …); each side keeps its fastest round
  const project = siteWithoutApiProject();
  let withApi: BuildResult | undefined;
  let withoutApi: BuildResult | undefined;
  let api = { files: 0, bytes: 0 };
  try {
    for (let round = 1; round <= rounds; round++) {
      withApi = fastest(withApi, build("real content", undefined));
      api = folderSize(join(ROOT, ".bench", "site-real-content", "api"));
      withoutApi = fastest(withoutApi, build("real content without the API route", undefined, project));
      console.log(
        `round ${round}: with API ${withApi.seconds.toFixed(1)} s · without ${withoutApi.seconds.toFixed(1)} s (fastest so far)`,
      );
    }
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
  if (!withApi || !withoutApi) throw new Error("no rounds were built");
  for (const result of [withApi, withoutApi]) {
    result.jsBytes = {};
    report(result);
  }
  const added = withApi.seconds / withoutApi.seconds - 1;
  console.log(
    `\nAPI: ${api.files} files, ${(api.bytes / 1024 / 1024).toFixed(1)} MB (${api.bytes} bytes) under /api/ · build with ${withApi.seconds.toFixed(1)} s / without ${withoutApi.seconds.toFixed(1)} s = ${(withApi.seconds / withoutApi.seconds).toFixed(2)}× (${added >= 0 ? "+" : ""}${(added * 100).toFixed(0)} %; issue 16 asks ≤ +15 %) · best of ${rounds} round${rounds === 1 ? "" : "s"}`,
  );
  process.exit(0);
}
if (!args.includes("--skip-real")) {
  let real = build("real content", undefined);
  let plain: BuildResult | undefined;
  const project = args.includes("--skip-plain")
    ? undefined
    : plainStarlightProject(join(ROOT, ".bench", "site-real-content"));
  for (let round = 1; round <= rounds; round++) {
    if (round > 1) real = fastest(real, build("real content", undefined));
    if (project) plain = fastest(plain, build("plain Starlight, same pages", undefined, project));
  }
  report(real);
  if (plain) {
    plain.jsBytes = {};
    report(plain);
    const perPage = (result: BuildResult) => result.seconds / result.pages;
    console.log(
      `\nper page: real ${(perPage(real) * 1000).toFixed(1)} ms · plain Starlight ${(perPage(plain) * 1000).toFixed(1)} ms · ratio ${(perPage(real) / perPage(plain)).toFixed(2)}× (whole build ${(real.seconds / plain.seconds).toFixed(2)}×)`,
    );
  }
}
if (synthetic > 0) {
  const root = syntheticContent(synthetic);
  try {
    report(build(`real content + ${synthetic} synthetic entries`, root));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
