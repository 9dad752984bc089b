// `tsx scripts/bench-search.ts`: a reader's first search on a cold, throttled phone connection, in figures (not a test)
import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { DIST_DIR, distIsFresh, ensureSiteBuilt } from "../site/test/support/build.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../site/test/support/chromium.ts";
import { serveStatic } from "../site/test/support/server.ts";
import { BenchArgsError, benchArgs, wholeNumber } from "./bench-args.ts";

/**
 * Chrome DevTools' own presets (devtools-frontend, front_end/core/sdk/NetworkManager.ts: `Slow4GConditions`,
 * `Fast4GConditions`), in CDP's units: bytes per second and milliseconds of latency per request.
 */
const PROFILES = {
  // 1.6 Mbps down, 750 kbps up, 150 ms RTT, derated by DevTools (×0.9 throughput, ×3.75 latency)
  "slow-4g": {
    latency: 150 * 3.75,
    downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9,
    uploadThroughput: ((750 * 1000) / 8) * 0.9,
  },
  // 9 Mbps down, 1.5 Mbps up, 60 ms RTT (×0.9 throughput, ×2.75 latency)
  "fast-4g": {
    latency: 60 * 2.75,
    downloadThroughput: ((9 * 1000 * 1000) / 8) * 0.9,
    uploadThroughput: ((1.5 * 1000 * 1000) / 8) * 0.9,
  },
  none: { latency: 0, downloadThroughput: -1, uploadThroughput: -1 },
} as const;
type ProfileName = keyof typeof PROFILES;

const DESCRIPTION = `Opens a page of the built site (site/dist, rebuilt when stale) in Debian's chromium with a cold cache and no
service worker, throttles the network with CDP Network.emulateNetworkConditions, opens search and pastes (or
types) each query a given time after the search box takes focus. Prints, per run: ms from focus and from the
last keystroke to the first result row shown and to the final ranked list, whether that list equals the
unthrottled one, and the requests made (order, start/end from focus, bytes on the wire).

  --profiles <list>   slow-4g, fast-4g, none (default slow-4g,fast-4g). slow-4g is DevTools' "Slow 4G":
                      latency 562.5 ms, down 180,000 B/s, up 84,375 B/s; fast-4g is "Fast 4G": 165 ms,
                      1,012,500 B/s, 168,750 B/s
  --queries <list>    comma-separated (default: vigor,guard,POW,Alchemist's Fire,gain momentum)
  --delays <list>     ms after focus when the query is entered (default 0,100,300)
  --mode <m>          paste (the whole query at once, default) or type (one key every --key-ms)
  --key-ms <n>        ms between keys when typing (default 120)
  --page <path>       the page search is opened from (default /chapter/rolling-dice/)
  --open-after <ms>   how long after the search UI is ready the reader opens search (default 0: at once)
  --quiet-ms <n>      the list is final once unchanged this long (default 2500)
  --requests          list every request of each run
  --no-gzip           serve without gzip (static hosts compress text; Pagefind's own files are compressed)
  --no-build          use site/dist as it is`;

const { values, profiles, queries, delays, keyMs, quietMs } = benchArgs(
  {
    usage: "npx tsx scripts/bench-search.ts [options]",
    description: DESCRIPTION,
    options: {
      profiles: { type: "string", default: "slow-4g,fast-4g" },
      queries: { type: "string", default: "vigor,guard,POW,Alchemist's Fire,gain momentum" },
      delays: { type: "string", default: "0,100,300" },
      mode: { type: "string", default: "paste" },
      "key-ms": { type: "string", default: "120" },
      page: { type: "string", default: "/chapter/rolling-dice/" },
      "quiet-ms": { type: "string", default: "2500" },
      "open-after": { type: "string", default: "0" },
      requests: { type: "boolean", default: false },
      "no-gzip": { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
    },
  },
  (values) => {
    const profiles = values.profiles.split(",").map((name) => name.trim()) as ProfileName[];
    for (const name of profiles)
      if (!(name in PROFILES))
        throw new BenchArgsError(`unknown profile \`${name}\` in \`--profiles\` (slow-4g, fast-4g, none)`);
    if (values.mode !== "paste" && values.mode !== "type")
      throw new BenchArgsError(`\`--mode\` is \`paste\` or \`type\`, not \`${values.mode}\``);
    const delays = values.delays.split(",").map((delay) => wholeNumber(delay.trim(), "delays", 0));
    wholeNumber(values["open-after"], "open-after", 0);
    return {
      values,
      profiles,
      queries: values.queries
        .split(",")
        .map((query) => query.trim())
        .filter(Boolean),
      delays,
      keyMs: wholeNumber(values["key-ms"], "key-ms", 0),
      quietMs: wholeNumber(values["quiet-ms"], "quiet-ms", 1),
    };
  },
);

if (!values["no-build"] && !distIsFresh()) {
  process.stderr.write("building site/dist …\n");
  ensureSiteBuilt();
}
if (!existsSync(join(DIST_DIR, "pagefind")))
  throw new Error("site/dist has no Pagefind index: build the site");

/** In-page clocks (performance.now()): focus of the search box, each input event, each change of the result list. */
const PROBE = `(() => {
  const probe = { focus: null, lastInput: null, changes: [], origin: performance.timeOrigin };
  window.__searchProbe = probe;
  const inBox = (target) => target instanceof Element && target.matches("#starlight__search input");
  document.addEventListener("focusin", (event) => { if (inBox(event.target) && probe.focus === null) probe.focus = performance.now(); }, true);
  document.addEventListener("input", (event) => { if (inBox(event.target)) probe.lastInput = performance.now(); }, true);
  let last = "";
  new MutationObserver(() => {
    const links = [...document.querySelectorAll("#starlight__search .pagefind-ui__result-link")].map((a) => a.getAttribute("href"));
    const key = links.join(" ");
    if (key !== last) { last = key; probe.changes.push({ t: performance.now(), links }); }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["href"] });
})()`;

interface Probe {
  focus: number | null;
  lastInput: number | null;
  changes: Array<{ t: number; links: string[] }>;
  origin: number;
}

interface Logged {
  path: string;
  start: number;
  end: number | null;
  bytes: number;
}

interface Run {
  load: number;
  ready: number;
  probe: Probe;
  requests: Logged[];
}

async function enterQuery(page: Page, query: string, delay: number): Promise<void> {
  if (values.mode === "type") {
    await page.waitForFunction(
      (ms) => {
        const probe = (window as unknown as { __searchProbe: Probe }).__searchProbe;
        return probe.focus !== null && performance.now() - probe.focus >= ms;
      },
      delay,
      { polling: 5 },
    );
    await page
      .locator("#starlight__search input.pagefind-ui__search-input")
      .pressSequentially(query, { delay: keyMs });
    return;
  }
  // pasted by the page itself, `delay` ms after the box's focus on the page's own clock (no round trip to here);
  // a string, not a function: tsx would wrap named functions in a helper the page doesn't have
  await page.evaluate(`new Promise((resolve) => {
    const probe = window.__searchProbe;
    const paste = () => {
      const input = document.querySelector("#starlight__search input");
      input.value = ${JSON.stringify(query)};
      input.dispatchEvent(new Event("input", { bubbles: true }));
      resolve();
    };
    const wait = () => probe.focus === null ? setTimeout(wait, 1) : setTimeout(paste, Math.max(0, ${delay} - (performance.now() - probe.focus)));
    wait();
  })`);
}

async function once(
  browser: Browser,
  base: string,
  profile: ProfileName,
  query: string,
  delay: number,
): Promise<Run> {
  // a new context: an empty HTTP cache, and service workers blocked (a first visit, not an offline one)
  const context = await browser.newContext({
    serviceWorkers: "block",
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, ...PROFILES[profile] });
    const requests: Logged[] = [];
    const pending = new Map<unknown, Logged>();
    let inFlight = 0;
    let lastNetwork = Date.now();
    context.on("request", (request) => {
      inFlight++;
      lastNetwork = Date.now();
      const entry: Logged = { path: new URL(request.url()).pathname, start: Date.now(), end: null, bytes: 0 };
      pending.set(request, entry);
      requests.push(entry);
    });
    const done = () => {
      inFlight--;
      lastNetwork = Date.now();
    };
    context.on("requestfinished", done);
    context.on("requestfailed", done);
    const settle = async (request: import("playwright-core").Request) => {
      const entry = pending.get(request);
      if (!entry) return;
      const timing = request.timing();
      if (timing.startTime > 0) entry.start = timing.startTime;
      entry.end = timing.responseEnd >= 0 ? timing.startTime + timing.responseEnd : Date.now();
      // bytes on the wire; a worker's script reports no sizes, its content-length does
      const sizes = await request.sizes().catch(() => undefined);
      const length = Number((await request.response().catch(() => null))?.headers()["content-length"] ?? 0);
      entry.bytes = Math.max((sizes?.responseBodySize ?? 0) + (sizes?.responseHeadersSize ?? 0), length);
    };
    context.on("requestfinished", settle);
    context.on("requestfailed", settle);
    await page.goto(`${base}${values.page}`, { waitUntil: "load" });
    const load = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      return navigation?.loadEventEnd ?? performance.now();
    });
    // Starlight loads the search UI when the browser is idle after load; the reader clicks as soon as it is there
    await page.waitForFunction(() => document.querySelector("#starlight__search input") !== null, null, {
      timeout: 60_000,
      polling: 10,
    });
    const ready = await page.evaluate(() => performance.now());
    if (Number(values["open-after"]) > 0) await page.waitForTimeout(Number(values["open-after"]));
    await page.locator("site-search button[data-open-modal]").first().click();
    await enterQuery(page, query, delay);
    // final: some rows shown, the list unchanged and the network idle for quiet-ms (a list answered from the
    // names index is replaced once Pagefind's own answer has its rows' text)
    const deadline = Date.now() + 60_000;
    for (;;) {
      const state = await page.evaluate(() => {
        const probe = (window as unknown as { __searchProbe: Probe }).__searchProbe;
        const last = probe.changes.at(-1);
        return { rows: last?.links.length ?? 0, since: last ? performance.now() - last.t : 0 };
      });
      const idle = inFlight <= 0 && Date.now() - lastNetwork >= quietMs;
      if ((state.rows > 0 && state.since >= quietMs && idle) || Date.now() > deadline) break;
      await page.waitForTimeout(100);
    }
    const probe = (await page.evaluate(
      () => (window as unknown as { __searchProbe: Probe }).__searchProbe,
    )) as Probe;
    await Promise.all(
      [...pending.keys()].map((request) => settle(request as import("playwright-core").Request)),
    );
    return { load, ready, probe, requests };
  } finally {
    await context.close();
  }
}

const ms = (value: number | null | undefined) =>
  value === null || value === undefined ? "—" : `${Math.round(value)}`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const server = await serveStatic(DIST_DIR, { gzip: !values["no-gzip"] });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
process.stdout.write(
  `bench-search: ${values.mode} at ${delays.join("/")} ms after focus, search opened ${values["open-after"]} ms after it is ready, page ${values.page}, gzip ${values["no-gzip"] ? "off" : "on"}; load average ${one} ${five} ${fifteen}\n`,
);
try {
  // the ranked list each query ends with when nothing is throttled: what a throttled run must end with too
  const reference = new Map<string, string[]>();
  for (const query of queries) {
    const run = await once(browser, server.url, "none", query, 300);
    reference.set(query, run.probe.changes.at(-1)?.links ?? []);
  }
  for (const profile of profiles) {
    process.stdout.write(
      `\n${profile} (latency ${PROFILES[profile].latency} ms, down ${PROFILES[profile].downloadThroughput} B/s)\n`,
    );
    process.stdout.write(
      "query              | at ms | load  | search ready | first row: from focus / last key | final list: from focus / last key | = unthrottled | requests after load (bytes)\n",
    );
    for (const query of queries)
      for (const delay of delays) {
        const { load, ready, probe, requests } = await once(browser, server.url, profile, query, delay);
        const focus = probe.focus ?? 0;
        const key = probe.lastInput ?? focus;
        const shown = probe.changes.filter((change) => change.links.length > 0);
        const first = shown[0];
        const final = probe.changes.at(-1);
        const same = JSON.stringify(final?.links ?? []) === JSON.stringify(reference.get(query));
        const focusEpoch = probe.origin + focus;
        // what searching costs: every request after the page's load event (the search UI, idle warming, the query)
        const after = requests.filter((request) => request.start >= probe.origin + load - 1);
        const bytes = after.reduce((sum, request) => sum + request.bytes, 0);
        process.stdout.write(
          `${query.padEnd(18)} | ${String(delay).padStart(5)} | ${ms(load).padStart(5)} | ${ms(ready).padStart(12)} | ${`${ms(first ? first.t - focus : null)} / ${ms(first ? first.t - key : null)}`.padStart(32)} | ${`${ms(final ? final.t - focus : null)} / ${ms(final ? final.t - key : null)}`.padStart(33)} | ${(same ? "yes" : "NO").padStart(13)} | ${after.length} (${kb(bytes)})\n`,
        );
        if (values.requests)
          for (const request of after)
            process.stdout.write(
              `    ${ms(request.start - focusEpoch).padStart(6)} → ${ms(request.end === null ? null : request.end - focusEpoch).padStart(6)}  ${kb(request.bytes).padStart(9)}  ${request.path}\n`,
            );
      }
  }
} finally {
  await browser.close();
  await server.close();
}
