// Benchmark for `npm run dev`: a save in content/ to the new text visible in the browser's open page (issue 25's ≤ 0.5 s)
// Run: npx tsx scripts/bench-dev.ts [--edits 7] [--against <rev>]  (--help)
// The content is copied to a temp folder (never edited in place) and the dev server reads it from there, as the site's
// dev test does. The time runs from the file's write to the moment the open page (which the server reloads) shows the
// edited name in Chromium — what an author sees, not a fetch of the HTML. With `--against`, the revision's dev server
// runs beside this tree's on the same copy's twin, and the edits alternate between them, so each pair shares the load.
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { launchChromium } from "../site/test/support/chromium.ts";
import { checkoutRevision, median, ratioWithSpread, type Tree, thisTree } from "./bench-against.ts";
import { BenchArgsError, benchArgs, wholeNumber } from "./bench-args.ts";

const settings = benchArgs(
  {
    usage: "npx tsx scripts/bench-dev.ts [--edits 7] [--against <rev>]",
    description: [
      "`npm run dev` on a copy of content/: from saving an entry's JSON or a chapter's MDX to the open page showing it.",
      "  --edits <n>      edits of each kind to time (default 7)",
      "  --against <rev>  also run the dev server of git revision <rev> and alternate the edits between the two",
      "                   servers: each side's median and range, and the ratio of each pair (this tree ÷ <rev>)",
    ].join("\n"),
    options: { edits: { type: "string", default: "7" }, against: { type: "string", default: "" } },
  },
  (values) => {
    if (values.against && !/^[\w./~^-]+$/.test(values.against))
      throw new BenchArgsError(`\`--against\` takes a git revision, not \`${values.against}\``);
    return { edits: wholeNumber(values.edits, "edits"), against: values.against };
  },
);

interface Server {
  tree: Tree;
  root: string;
  process: ChildProcess;
  base: string;
  output: string;
}

/** `astro dev` of `tree`'s site on its own copy of this tree's content, on a free port; resolves once it listens. */
async function startServer(tree: Tree): Promise<Server> {
  const root = mkdtempSync(join(tmpdir(), "momenta-bench-dev-"));
  cpSync(join(thisTree.dir, "content"), join(root, "content"), { recursive: true });
  writeFileSync(join(root, "pnpm-workspace.yaml"), "packages: []\n");
  const child = spawn("npx", ["astro", "dev", "--host", "127.0.0.1", "--port", "0"], {
    cwd: join(tree.dir, "site"),
    env: {
      ...process.env,
      NODE_ENV: "development",
      MOMENTA_CONTENT_ROOT: root,
      ASTRO_TELEMETRY_DISABLED: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
    // its own process group: npx's astro child is stopped with it (killing npx alone left astro serving)
    detached: true,
  });
  const server: Server = { tree, root, process: child, base: "", output: "" };
  const started = Date.now();
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      server.output += chunk;
      const found = /http:\/\/127\.0\.0\.1:(\d+)/.exec(server.output);
      if (found) {
        server.base = `http://127.0.0.1:${found[1]}`;
        resolve();
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) =>
      reject(new Error(`${tree.label}: astro dev exited with ${code}\n${server.output.slice(-2000)}`)),
    );
  });
  console.error(`${tree.label}: dev server at ${server.base} after ${Date.now() - started} ms`);
  return server;
}

function stop(server: Server) {
  try {
    if (server.process.pid !== undefined) process.kill(-server.process.pid, "SIGTERM");
  } catch {
    server.process.kill(); // the group is gone already
  }
  rmSync(server.root, { recursive: true, force: true });
}

/**
 * Polls the open page (which the server reloads on a save) until its main text holds `text`, laid out and drawn (or,
 * with `shown` false, no longer holds it); the ms since `since`.
 */
async function visible(
  page: Page,
  text: string,
  since: number,
  shown = true,
  timeout = 60_000,
): Promise<number> {
  for (;;) {
    // the page navigates while the server reloads it: a read during the reload fails, and a later one sees it
    const seen = await page
      .evaluate(async (wanted) => {
        const main = document.querySelector("main");
        const has = main?.textContent?.includes(wanted);
        if (!main || has === undefined) return null;
        // shown means on screen: laid out, and a frame drawn since (the next animation frame's task)
        if (has && main.getClientRects().length === 0) return null;
        if (has) await new Promise((drawn) => requestAnimationFrame(() => setTimeout(drawn, 0)));
        return has;
      }, text)
      .catch(() => null);
    const took = performance.now() - since;
    if (seen === shown) return took;
    if (took > timeout) throw new Error(`the page never showed “${text}” (${timeout} ms)`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Past this, a page that has not reloaded while the server serves the new text has lost its reload. */
const LOST_AFTER_MS = 15_000;

interface Edit {
  label: string;
  path: string;
  file: string;
  /** The file's text with the edit's marker in it, and the text the page then shows. */
  edit(original: string, marker: string): { text: string; shows: string };
}

const EDITS: Edit[] = [
  {
    label: "entry JSON (a weapon's name)",
    path: "/weapon/buckler/",
    file: "content/weapons/buckler.json",
    edit: (original, marker) => {
      const name = `Buckler ${marker}`;
      return { text: JSON.stringify({ ...JSON.parse(original), name }, null, 2), shows: name };
    },
  },
  {
    label: "chapter MDX (a new paragraph)",
    path: "/chapter/what-is-momenta/",
    file: "content/rules/00-what-is-momenta.mdx",
    edit: (original, marker) => {
      const line = `A benchmark line ${marker}.`;
      return { text: `${original}\n${line}\n`, shows: line };
    },
  },
];

const trees: Tree[] = [thisTree];
if (settings.against) trees.push(checkoutRevision(settings.against));
const servers: Server[] = [];
const browser = await launchChromium({ javaScriptEnabled: true }, "momenta-bench-dev-");
try {
  for (const tree of trees) servers.push(await startServer(tree));
  console.log(
    `npm run dev, a save to the open page showing it in Chromium (target ≤ 500 ms), ${settings.edits} edits each:`,
  );
  for (const kind of EDITS) {
    const rounds = new Map<Server, (number | undefined)[]>(servers.map((server) => [server, []]));
    const pages = new Map<Server, Page>();
    for (const server of servers) {
      const page = await browser.context.newPage();
      await page.goto(`${server.base}${kind.path}`, { waitUntil: "load", timeout: 300_000 });
      pages.set(server, page);
    }
    /**
     * Waits for the page to show (or drop) `shown`; undefined when the server serves it but the open page never
     * reloaded (a reload asked for while the page was still loading, before its socket was open, is lost): then the
     * page is reloaded by hand, and the save counted as a lost reload rather than timed.
     */
    const seen = async (server: Server, shows: string, since: number, shown: boolean) => {
      const page = pages.get(server) as Page;
      try {
        return await visible(page, shows, since, shown, LOST_AFTER_MS);
      } catch (error) {
        const html = await (await fetch(`${server.base}${kind.path}`)).text();
        if (html.includes(shows) !== shown) {
          console.error(server.output.slice(-1500));
          throw error;
        }
        lost.set(server, (lost.get(server) ?? 0) + 1);
        await page.reload({ waitUntil: "load", timeout: 300_000 });
        return undefined;
      } finally {
        // a save is safe once the reloaded page's socket is open: its load, then a moment, as an author's next save
        // comes seconds later
        await page.waitForLoadState("load").catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    };
    const lost = new Map<Server, number>();
    const parts = new Map(
      servers.map((server) => [server, { relint: [] as number[], render: [] as number[] }]),
    );
    for (let round = 0; round <= settings.edits; round++) {
      // alternate which server goes first, so neither always runs on the other's heels
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const server of order) {
        const file = join(server.root, kind.file);
        const original = readFileSync(file, "utf8");
        const { text, shows } = kind.edit(original, `${round}-${Date.now()}`);
        const logged = server.output.length;
        const since = performance.now();
        writeFileSync(file, text);
        const took = await seen(server, shows, since, true);
        // where the time went, from the server's log: its re-lint and reload of the content, and the page's render
        const log = server.output.slice(logged);
        const relinted = /reloaded in (\d+) ms/.exec(log)?.[1];
        const rendered = new RegExp(`\\[200\\] ${kind.path.replaceAll("/", "\\/")} (\\d+)ms`).exec(log)?.[1];
        if (round > 0 && relinted) parts.get(server)?.relint.push(Number(relinted));
        if (round > 0 && rendered) parts.get(server)?.render.push(Number(rendered));
        // round 0 warms the server's caches for this page: reported apart, not in the figures
        if (round === 0)
          console.error(
            `${server.tree.label}: ${kind.label}: first edit ${took?.toFixed(0) ?? "lost"} ms (warm-up)`,
          );
        else rounds.get(server)?.push(took);
        writeFileSync(file, original);
        await seen(server, shows, performance.now(), false);
      }
    }
    console.log(`  ${kind.label}:`);
    for (const server of servers) {
      const list = (rounds.get(server) ?? []).filter((ms): ms is number => ms !== undefined);
      const missed = lost.get(server) ?? 0;
      console.log(
        `    ${server.tree.label}: median ${median(list).toFixed(0)} ms (runs ${Math.min(...list).toFixed(0)}–${Math.max(...list).toFixed(0)} ms, ${list.length} timed)${missed ? ` · ${missed} reload${missed === 1 ? "" : "s"} lost (the page was still loading)` : ""}`,
      );
      const { relint, render } = parts.get(server) ?? { relint: [], render: [] };
      console.log(
        `      of which, from the server's log: re-lint and content reload median ${median(relint).toFixed(0)} ms, page render median ${median(render).toFixed(0)} ms`,
      );
    }
    if (servers.length === 2) {
      // the rounds where both sides were timed (a lost reload leaves its round out)
      const [mine, theirs] = servers.map((server) => rounds.get(server) ?? []) as [
        (number | undefined)[],
        (number | undefined)[],
      ];
      const ratios: number[] = [];
      mine.forEach((ms, i) => {
        const other = theirs[i];
        if (ms !== undefined && other !== undefined) ratios.push(ms / other);
      });
      console.log(`    this tree ÷ ${servers[1]?.tree.label}: ${ratioWithSpread(ratios)}`);
    }
    for (const page of pages.values()) await page.close();
  }
} finally {
  await browser.close();
  for (const server of servers) stop(server);
  for (const tree of trees) tree.remove();
}
