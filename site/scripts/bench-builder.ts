// `npx tsx site/scripts/bench-builder.ts`: the character builder's JavaScript on load (gzipped) and its recompute per change, in figures (not a test)
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { linkFragment } from "../src/builder/model.ts";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "../test/support/build.ts";
import { launchChromium } from "../test/support/chromium.ts";
import { serveStatic } from "../test/support/server.ts";

const CHANGES = 400;
const BUDGET_GZIP_BYTES = 60 * 1024;
const BUDGET_MS = 16;

/** Every script a page loads: its module scripts and, transitively, what they import statically. */
function scriptsOf(page: string): Set<string> {
  const html = readFileSync(join(DIST_DIR, page), "utf8");
  const found = new Set<string>();
  const visit = (url: string) => {
    if (found.has(url)) return;
    found.add(url);
    const text = readFileSync(join(DIST_DIR, url), "utf8");
    for (const match of text.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g))
      visit(join(dirname(url), match[1] as string));
  };
  for (const match of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g))
    visit(match[1] as string);
  return found;
}

const gzipped = (url: string) => gzipSync(readFileSync(join(DIST_DIR, url)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

ensureSiteBuilt();
const builder = scriptsOf("builder/index.html");
// what every page loads (search, the footer's scripts): the home page has them and no builder code
const shared = scriptsOf("index.html");
const own = [...builder].filter((url) => !shared.has(url));
const ownBytes = own.reduce((sum, url) => sum + gzipped(url), 0);
const allBytes = [...builder].reduce((sum, url) => sum + gzipped(url), 0);
const html = readFileSync(join(DIST_DIR, "builder/index.html"), "utf8");
const data = /<script type="application\/json" id="builder-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
const schemaCode = own.filter((url) =>
  /ZodError|invalid_type/.test(readFileSync(join(DIST_DIR, url), "utf8")),
);

console.log("builder page JavaScript on load (gzip -9):");
for (const url of [...builder].sort())
  console.log(`  ${shared.has(url) ? "every page" : "builder   "}  ${kb(gzipped(url)).padStart(9)}  ${url}`);
console.log(
  `  the builder's own: ${kb(ownBytes)} (budget ${kb(BUDGET_GZIP_BYTES)}); with what every page loads: ${kb(allBytes)}`,
);
console.log(
  `  schema library in the builder's scripts: ${schemaCode.length ? schemaCode.join(", ") : "none"}`,
);
console.log(`  options data in the page (JSON, gzip -9): ${kb(gzipSync(data, { level: 9 }).length)}`);

// recompute per change: Mira open, AGI toggled 3 ↔ 2; the listener recomputes checks and stats and redraws the sheet
const server = await serveStatic(DIST_DIR);
const browser = await launchChromium({}, "momenta-bench-builder-");
try {
  const mira = JSON.parse(readFileSync(join(REPO_DIR, "content/characters/mira.json"), "utf8"));
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${server.url}/builder/${linkFragment(mira)}`);
  await page.waitForSelector("[data-builder][data-ready]");
  const timings = await page.evaluate(async (changes) => {
    const input = document.getElementById("b-attr-AGI") as HTMLInputElement;
    const handler: number[] = [];
    const frame: number[] = [];
    for (let i = 0; i < changes; i++) {
      input.value = i % 2 ? "3" : "2";
      const start = performance.now();
      input.dispatchEvent(new Event("input", { bubbles: true }));
      handler.push(performance.now() - start);
      // style and layout of the redrawn sheet, forced now (what the next frame would do before painting)
      void document.body.offsetHeight;
      frame.push(performance.now() - start);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return {
      handler,
      frame,
      vitality: document.querySelector('[data-stat="maxVitality"] [data-value]')?.textContent,
    };
  }, CHANGES);
  if (timings.vitality !== "21") throw new Error(`Mira's Max Vitality shows ${timings.vitality}, not 21`);
  const stats = (samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
    return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${(sorted.at(-1) as number).toFixed(2)} ms`;
  };
  console.log(`recompute per change, ${CHANGES} changes in Chromium at 390 px (budget ${BUDGET_MS} ms):`);
  console.log(`  the input listener (checks, stats, sheet redrawn): ${stats(timings.handler)}`);
  console.log(`  the listener plus style and layout of the page: ${stats(timings.frame)}`);
  console.log(
    `load average while measuring: ${loadavg()
      .map((load) => load.toFixed(2))
      .join(", ")}`,
  );
} finally {
  await browser.close();
  await server.close();
}
