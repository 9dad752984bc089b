// Site build benchmark: time, pages/s, peak memory, build phases and JS per page type (raw and gzip) for the real
// content, against a plain Starlight build of the same pages in the same run, and for real + synthetic entries;
// `--api` instead builds the real site with and without its JSON API route (what the API adds to the build)
//
// usage: npx tsx scripts/bench-site.ts --help
import { spawn, spawnSync } from "node:child_process";
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
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { createInterface } from "node:readline";
import { gzipSync } from "node:zlib";
import { againstRevision, checkoutRevision, median, ratioWithSpread } from "./bench-against.ts";
import { benchArgs, wholeNumber } from "./bench-args.ts";

const ROOT = resolve(import.meta.dirname, "..");
const SITE = join(ROOT, "site");

/** Wall and CPU (user + system) seconds of one build phase, and the tree's peak resident memory during it. */
interface Phase {
  wall: number;
  cpu: number;
  peakRssMb: number;
}

interface BuildResult {
  label: string;
  /** Wall time of the whole build. */
  seconds: number;
  /** User + system time of the build's process tree. */
  cpuSeconds: number;
  pages: number;
  peakRssMb: number;
  phases: Record<string, Phase>;
  jsBytes: Record<string, PageJs>;
  /** The offline step's lines: what the precache holds, and what its budget left out. */
  offline: string[];
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

/**
 * Where each phase of an Astro build starts, by the first log line that contains the marker (in this order). The
 * service worker has no start line of its own: it runs after the build report, the integration before it.
 */
const PHASE_MARKERS: ReadonlyArray<[phase: string, marker: RegExp]> = [
  ["content sync + types", /\[(?:vite|content|types)\]/],
  ["build setup", /\[build\] output:|Collecting build info/],
  ["bundle (vite, server)", /Building static entrypoints/],
  ["bundle (vite, client)", /building client/],
  ["render pages", /generating static routes/],
  ["pagefind index", /Building search index/],
  ["build report", /Finished building search index/],
  ["service worker (s4-offline)", /every reference resolved|unresolved reference\(s\)/],
  ["finish", /offline: \d+ files precached/],
];
const FIRST_PHASE = "startup + config load";

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/**
 * CPU time (user + system) of a process tree, sampled from /proc: each process's own time, the last value seen.
 * Node never waits for some of its children (esbuild's service, the Pagefind binary), so a parent's "children" time
 * (what GNU time or `times` report) would leave their work out.
 */
class TreeCpu {
  readonly #seconds = new Map<number, number>();
  /** Resident memory of the whole tree at the last sample (each process's VmRSS, summed), in KB. */
  rssKb = 0;

  /** Samples `root` and every live descendant (children of any of their threads). */
  sample(root: number): void {
    const pending = [root];
    let rss = 0;
    for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
      try {
        rss += Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        // after the parenthesised command name, utime and stime are the 12th and 13th fields
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const seconds = (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
        this.#seconds.set(pid, Math.max(this.#seconds.get(pid) ?? 0, seconds));
        for (const task of readdirSync(`/proc/${pid}/task`)) {
          const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
          if (children) pending.push(...children.split(/\s+/).map(Number));
        }
      } catch {
        // the process ended between listing and reading: its last sample stands
      }
    }
    this.rssKb = rss;
  }

  get seconds(): number {
    let total = 0;
    for (const seconds of this.#seconds.values()) total += seconds;
    return total;
  }
}

interface Mark {
  phase: string;
  wall: number;
  cpu: number;
  /** The highest tree RSS sampled from this mark to the next, in KB. */
  peakKb: number;
}

/** Phases from the marks taken as the log arrived: each phase's wall and CPU seconds up to the next mark. */
function phasesOf(marks: readonly Mark[], wallEnd: number, cpuEnd: number): Record<string, Phase> {
  const phases: Record<string, Phase> = {};
  marks.forEach((mark, index) => {
    const next = marks[index + 1];
    const cpu = (next ? next.cpu : cpuEnd) - mark.cpu;
    phases[mark.phase] = {
      wall: (next?.wall ?? wallEnd) - mark.wall,
      cpu: Math.max(0, cpu),
      peakRssMb: mark.peakKb / 1024,
    };
  });
  return phases;
}

async function build(label: string, contentRoot: string | undefined, project = SITE): Promise<BuildResult> {
  const outDir = join(ROOT, ".bench", `site-${label.replace(/\W+/g, "-")}`);
  rmSync(outDir, { recursive: true, force: true });
  // every build starts cold, as in a fresh clone: no content store or Vite dependency cache from an earlier build
  // (the plain project shares site/node_modules, so one side's caches would otherwise be the other's stale ones)
  for (const cache of [".astro", ".vite"])
    rmSync(join(project, "node_modules", cache), { recursive: true, force: true });
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
  // GNU time reports the build's peak RSS; CPU time comes from /proc (TreeCpu), sampled every 50 ms and at each
  // phase's first log line
  // the project's own Astro: the plain and API-less projects link site/node_modules, another revision has its own
  const astro = join(project, "node_modules/astro/astro.js");
  const child = spawn("/usr/bin/time", ["-f", "__peak_kb=%M", process.execPath, astro, "build"], {
    cwd: project,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const cpu = new TreeCpu();
  const marks: Mark[] = [{ phase: FIRST_PHASE, wall: 0, cpu: 0, peakKb: 0 }];
  const sample = () => {
    if (child.pid !== undefined) cpu.sample(child.pid);
    const current = marks[marks.length - 1];
    if (current) current.peakKb = Math.max(current.peakKb, cpu.rssKb);
    return cpu.seconds;
  };
  const sampler = setInterval(sample, 50);
  let next = 0;
  let log = "";
  const onLine = (line: string) => {
    for (let index = next; index < PHASE_MARKERS.length; index++) {
      const [phase, marker] = PHASE_MARKERS[index] ?? ["", /$^/];
      if (!marker.test(line)) continue;
      const seconds = sample();
      marks.push({ phase, wall: (performance.now() - started) / 1000, cpu: seconds, peakKb: cpu.rssKb });
      next = index + 1;
      break;
    }
  };
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      log += `${line}\n`;
      onLine(line);
    });
  }
  const status = await new Promise<number | null>((done) => child.on("close", done));
  clearInterval(sampler);
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpu.seconds;
  if (status !== 0) {
    console.error(log.slice(-4000));
    throw new Error(`${label}: astro build exited with ${status}`);
  }
  const peakKb = Number(/__peak_kb=(\d+)/.exec(log)?.[1] ?? 0);
  writeFileSync(`${outDir}.log`, log);
  const pages = htmlPages(outDir).length;
  const jsBytes: BuildResult["jsBytes"] = {};
  for (const [type, page] of Object.entries(PAGE_TYPES)) {
    if (existsSync(join(outDir, page))) jsBytes[type] = javascriptOf(outDir, page);
  }
  return {
    label,
    seconds,
    cpuSeconds,
    pages,
    peakRssMb: peakKb / 1024,
    phases: phasesOf(marks, seconds, cpuSeconds),
    jsBytes,
    offline: log.split("\n").filter((line) => /\boffline: /.test(line)),
  };
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
  console.log(
    `build time      ${result.seconds.toFixed(1)} s wall · ${result.cpuSeconds.toFixed(1)} s CPU (user+sys, process tree)`,
  );
  console.log(`pages           ${result.pages}`);
  console.log(`pages/s         ${(result.pages / result.seconds).toFixed(1)} (whole build, wall)`);
  const render = result.phases["render pages"];
  if (render)
    console.log(
      `pages/s render  ${(result.pages / render.wall).toFixed(1)} (page generation phase only, wall; ${((render.wall * 1000) / result.pages).toFixed(1)} ms a page)`,
    );
  console.log(`peak RSS        ${result.peakRssMb.toFixed(0)} MB (default heap limit)`);
  console.log("phases          wall s   CPU s   peak RSS MB (process tree, sampled every 50 ms)");
  for (const [name, phase] of Object.entries(result.phases))
    console.log(
      `  ${name.padEnd(28)} ${phase.wall.toFixed(1).padStart(6)} ${phase.cpu.toFixed(1).padStart(7)} ${phase.peakRssMb.toFixed(0).padStart(8)}`,
    );
  for (const line of result.offline) console.log(line.replace(/^.*?\boffline: /, "offline         "));
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

// builds alternate (real, plain, real, plain …) and each side keeps its round with the least CPU time: wall time on
// a shared machine swings with other jobs' load, CPU time much less
const { options, rounds, synthetic } = benchArgs(
  {
    usage:
      "npx tsx scripts/bench-site.ts [--rounds 1] [--synthetic 10000] [--skip-real] [--skip-plain] [--api] [--against <rev>] [--js-of <dist>]",
    description: [
      "Builds the real site and a plain Starlight project of the same pages, alternating in the same run, and prints",
      "wall and CPU time (user + system of the build's whole process tree, sampled from /proc), peak RSS (GNU time),",
      "phases (wall and CPU at each phase's first log line) and JS per page type. Each side keeps its round with the",
      "least CPU time; every build starts without Astro's or Vite's caches.",
      "  --rounds <n>      builds per side, alternating (default 1)",
      "  --synthetic <n>   afterwards, build real + n synthetic entries (default 10000; 0 skips it)",
      "  --skip-real       no real-against-plain comparison",
      "  --skip-plain      the real build only",
      "  --api             instead: the real site with and without its JSON API route, alternating",
      "  --against <rev>   instead: the real site of this tree and of git revision <rev> (checked out and installed",
      "                    in a temp worktree), alternating for --rounds pairs (default 5 here); prints each pair's",
      "                    ratio this tree ÷ <rev>, wall and CPU, with the spread of the pairs",
      "  --js-of <dist>    instead: JS per page type of an existing build, without building",
    ].join("\n"),
    options: {
      rounds: { type: "string" },
      synthetic: { type: "string", default: "10000" },
      "skip-real": { type: "boolean", default: false },
      "skip-plain": { type: "boolean", default: false },
      api: { type: "boolean", default: false },
      against: { type: "string", default: "" },
      "js-of": { type: "string" },
    },
  },
  (values) => ({
    options: { ...values, against: values.against && againstRevision(values.against) },
    // one pair says nothing of the spread: an A/B runs five unless told
    rounds: wholeNumber(values.rounds ?? (values.against ? "5" : "1"), "rounds"),
    synthetic: wholeNumber(values.synthetic, "synthetic", 0),
  }),
);
console.log(
  `site build benchmark · node ${process.version} · ${cpus().length} cores · load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`,
);
if (options["js-of"] !== undefined) {
  // JS per page type of an existing build (e.g. one made from an older commit), without building
  const dist = resolve(options["js-of"]);
  const jsBytes: BuildResult["jsBytes"] = {};
  for (const [type, page] of Object.entries(PAGE_TYPES))
    if (existsSync(join(dist, page))) jsBytes[type] = javascriptOf(dist, page);
  report({
    label: `existing build ${dist}`,
    seconds: 0,
    cpuSeconds: 0,
    pages: htmlPages(dist).length,
    peakRssMb: 0,
    phases: {},
    jsBytes,
    offline: [],
  });
  process.exit(0);
}
const leastCpu = (a: BuildResult | undefined, b: BuildResult) => (a && a.cpuSeconds <= b.cpuSeconds ? a : b);
const figures = (result: BuildResult) =>
  `${result.seconds.toFixed(1)} s wall / ${result.cpuSeconds.toFixed(1)} s CPU`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
if (options.against) {
  // this tree and the revision alternate, each pair in turn starting with the other side, so neither always
  // builds on a machine the previous build has just warmed
  const other = checkoutRevision(options.against);
  const ours: BuildResult[] = [];
  const theirs: BuildResult[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const sides = [
        async () => ours.push(await build("real content", undefined)),
        async () =>
          theirs.push(await build(`real content at ${other.label}`, undefined, join(other.dir, "site"))),
      ];
      for (const side of round % 2 ? sides : sides.reverse()) await side();
      console.log(
        `pair ${round} (load ${loadavg()[0]?.toFixed(1)}): this tree ${figures(ours[round - 1] as BuildResult)} · ${other.label} ${figures(theirs[round - 1] as BuildResult)}`,
      );
    }
  } finally {
    other.remove();
  }
  const spread = (values: number[]) =>
    `median ${median(values).toFixed(1)} s (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
  const side = (results: BuildResult[]) =>
    `wall ${spread(results.map((r) => r.seconds))}, CPU ${spread(results.map((r) => r.cpuSeconds))}`;
  const pairs = (of: (result: BuildResult) => number) =>
    ratioWithSpread(ours.map((result, index) => of(result) / of(theirs[index] as BuildResult)));
  console.log(
    `\nA/B, real content, ${rounds} alternating pair(s), every build cold · this tree: ${side(ours)} · ${other.label}: ${side(theirs)} · this tree ÷ ${other.label}: wall ${pairs((r) => r.seconds)}, CPU ${pairs((r) => r.cpuSeconds)} (below 1: this tree is faster)`,
  );
  process.exit(0);
}
if (options.api) {
  // with and without the API route, alternating (with, without, with …)
  const project = siteWithoutApiProject();
  let withApi: BuildResult | undefined;
  let withoutApi: BuildResult | undefined;
  let api = { files: 0, bytes: 0 };
  try {
    for (let round = 1; round <= rounds; round++) {
      const withRound = await build("real content", undefined);
      withApi = leastCpu(withApi, withRound);
      api = folderSize(join(ROOT, ".bench", "site-real-content", "api"));
      const withoutRound = await build("real content without the API route", undefined, project);
      withoutApi = leastCpu(withoutApi, withoutRound);
      console.log(
        `round ${round} (load ${loadavg()[0]?.toFixed(1)}): with API ${figures(withRound)} · without ${figures(withoutRound)}`,
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
  const added = withApi.cpuSeconds / withoutApi.cpuSeconds - 1;
  console.log(
    `\nAPI: ${api.files} files, ${(api.bytes / 1024 / 1024).toFixed(1)} MB (${api.bytes} bytes) under /api/ · with ${figures(withApi)} / without ${figures(withoutApi)} = ${ratio(withApi.seconds, withoutApi.seconds)} wall, ${ratio(withApi.cpuSeconds, withoutApi.cpuSeconds)} CPU (${added >= 0 ? "+" : ""}${(added * 100).toFixed(0)} % CPU; issue 16 asks ≤ +15 %) · least CPU of ${rounds} round${rounds === 1 ? "" : "s"}`,
  );
  process.exit(0);
}
if (!options["skip-real"]) {
  let real = await build("real content", undefined);
  let plain: BuildResult | undefined;
  const project = options["skip-plain"]
    ? undefined
    : plainStarlightProject(join(ROOT, ".bench", "site-real-content"));
  let realRound = real;
  for (let round = 1; round <= rounds; round++) {
    if (round > 1) {
      realRound = await build("real content", undefined);
      real = leastCpu(real, realRound);
    }
    const plainRound = project ? await build("plain Starlight, same pages", undefined, project) : undefined;
    if (plainRound) plain = leastCpu(plain, plainRound);
    console.log(
      `round ${round} (load ${loadavg()[0]?.toFixed(1)}): real ${figures(realRound)}${plainRound ? ` · plain ${figures(plainRound)}` : ""}`,
    );
  }
  // the plain project links site/node_modules, a loop for anything walking the repository: it goes once measured
  if (project) rmSync(project, { recursive: true, force: true });
  report(real);
  if (plain) {
    plain.jsBytes = {};
    report(plain);
    console.log(
      `\nreal against plain Starlight (same ${real.pages}/${plain.pages} pages, least CPU of ${rounds} round${rounds === 1 ? "" : "s"} each): wall ${ratio(real.seconds, plain.seconds)} · CPU ${ratio(real.cpuSeconds, plain.cpuSeconds)} (issue 12 asks ≤ 1.00×)`,
    );
    const sw = real.phases["service worker (s4-offline)"];
    if (sw)
      console.log(
        `without the service worker phase (${sw.wall.toFixed(1)} s wall / ${sw.cpu.toFixed(1)} s CPU): wall ${ratio(real.seconds - sw.wall, plain.seconds)} · CPU ${ratio(real.cpuSeconds - sw.cpu, plain.cpuSeconds)}`,
      );
  }
}
if (synthetic > 0) {
  const root = syntheticContent(synthetic);
  try {
    report(await build(`real content + ${synthetic} synthetic entries`, root));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
