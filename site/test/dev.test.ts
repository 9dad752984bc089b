// `npm run dev` on a temp copy of content/: a JSON edit, a new entry and a deleted one show in the served page, a save reloads the open page once
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireBuildLock, REPO_DIR } from "./support/build.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/chromium.ts";
import { type DevServer, startDevServer } from "./support/dev-server.ts";

const root = mkdtempSync(join(tmpdir(), "momenta-dev-"));
let server: DevServer | undefined;
/** What the server printed so far. */
const printed = () => server?.output ?? "";
/** The re-lints the server reported, one line per batch of saves. */
const saves = () =>
  printed()
    .split("\n")
    .filter((line) => line.includes("(reloaded in"))
    .join("\n");
let base = "";
let release: (() => void) | undefined;

async function page(path: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${base}${path}`);
  return { status: response.status, html: await response.text() };
}

/**
 * Polls until `check` holds; returns how long it took. The bound only catches a server that never shows the edit
 * (the test's own timeout is longer): how fast it shows is for the README's figure, not an assertion that a loaded
 * machine fails.
 */
async function until(check: () => Promise<boolean>, timeout = 100_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeout) {
    if (await check()) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out; dev server output:\n${printed().slice(-3000)}`);
}

describe("npm run dev", () => {
  beforeAll(async () => {
    cpSync(join(REPO_DIR, "content"), join(root, "content"), { recursive: true });
    writeFileSync(join(root, "pnpm-workspace.yaml"), "packages: []\n");
    // hold the site's build lock for the whole run: one astro process at a time on the site folder
    release = acquireBuildLock();
    // port 4321 busy: the banner must name the port the server really got
    const blocker = createServer();
    await new Promise<void>((resolve) => {
      // already taken (a reader's `npm start`, another run of the suite): busy all the same, which is the premise;
      // listen() reports that as an 'error' event, never as a rejection, so without this the hook waited forever
      blocker.once("error", () => resolve());
      blocker.listen(4321, "127.0.0.1", resolve);
    });
    server = await startDevServer(4321, { MOMENTA_CONTENT_ROOT: root });
    base = server.base;
    blocker.close();
  });

  afterAll(() => {
    server?.kill();
    release?.();
    rmSync(root, { recursive: true, force: true });
  });

  it("prints the port it really listens on when 4321 is busy", () => {
    expect(base).not.toBe("http://127.0.0.1:4321");
  });

  it("shows an edited JSON entry, a new one and none of a deleted one", async () => {
    expect((await page("/weapon/buckler/")).html).toContain("Buckler");
    const file = join(root, "content/weapons/buckler.json");
    const original = readFileSync(file, "utf8");
    const entry = JSON.parse(original);
    writeFileSync(file, JSON.stringify({ ...entry, name: "Bucklerette" }, null, 2));
    const edited = await until(async () => (await page("/weapon/buckler/")).html.includes("Bucklerette"));
    const added = join(root, "content/weapons/buckler-copy.json");
    writeFileSync(
      added,
      JSON.stringify({ ...entry, id: "weapon/buckler-copy", name: "Second Buckler" }, null, 2),
    );
    const created = await until(async () =>
      (await page("/weapon/buckler-copy/")).html.includes("Second Buckler"),
    );
    unlinkSync(added);
    const deleted = await until(async () => (await page("/weapon/buckler-copy/")).status === 404);
    console.log(`edit ${edited} ms, add ${created} ms, delete ${deleted} ms (to the served page)`);
    // the rename broke `[[Buckler]]` links elsewhere, which the banner keeps until they are fixed
    writeFileSync(file, original);
    await until(async () => !(await page("/weapon/buckler/")).html.includes("Bucklerette"));
  }, 360_000);

  it("shows an edited chapter, its new reference resolved to an entry's page", async () => {
    const file = join(root, "content/rules/00-what-is-momenta.mdx");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, `${text}\nA live preview line about the [[Dagger]].\n`);
    const took = await until(async () =>
      /A live preview line about the <a[^>]*href="\/weapon\/dagger\/"/.test(
        (await page("/chapter/what-is-momenta/")).html,
      ),
    );
    console.log(`chapter edit ${took} ms (to the served page)`);
    writeFileSync(file, text);
    await until(async () => !(await page("/chapter/what-is-momenta/")).html.includes("A live preview line"));
  }, 120_000);

  it("prints the edited file's diagnostics and serves them to the page's banner", async () => {
    const file = join(root, "content/weapons/buckler.json");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, `${text.trimEnd().slice(0, -1)},}`);
    await until(async () => {
      const diagnostics = await (await fetch(`${base}/__momenta/diagnostics`)).json();
      return diagnostics.some((d: { file: string }) => d.file === "content/weapons/buckler.json");
    });
    expect(printed()).toContain("content/weapons/buckler.json");
    // a DNS-rebinding page reaches the server under its own host name: refused, as Vite refuses its pages
    const rebound = await new Promise<{ status: number; body: string }>((done, fail) => {
      const url = new URL(`${base}/__momenta/diagnostics`);
      request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { host: `rebind.example:${url.port}` },
        },
        (response) => {
          let body = "";
          response.on("data", (chunk) => (body += chunk));
          response.on("end", () => done({ status: response.statusCode ?? 0, body }));
        },
      )
        .on("error", fail)
        .end();
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain("buckler");
    writeFileSync(file, text);
    await until(async () => {
      const diagnostics = await (await fetch(`${base}/__momenta/diagnostics`)).json();
      return diagnostics.every((d: { file: string }) => d.file !== "content/weapons/buckler.json");
    });
  }, 120_000);

  it("reloads the open page on a save, and a page whose request came before a save loads again", async () => {
    const file = join(root, "content/weapons/warhammer.json");
    const original = readFileSync(file, "utf8");
    const entry = JSON.parse(original);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const shows = (page: Page, text: string) =>
      page.waitForFunction((wanted) => document.querySelector("main")?.textContent?.includes(wanted), text, {
        timeout: 60_000,
      });
    try {
      const open = await browser.newPage();
      await open.goto(`${base}/weapon/warhammer/`, { waitUntil: "networkidle" });
      writeFileSync(file, JSON.stringify({ ...entry, name: "Warhammer Reloaded" }, null, 2));
      await shows(open, "Warhammer Reloaded");
      // the lost reload: the page's HTML is the old text, held back until the save's re-lint has sent its reload
      // (to no page, since this one has no socket yet); the page then sees the content changed after it began
      const late = await browser.newPage();
      let held = true;
      await late.route(`${base}/weapon/warhammer/`, async (route) => {
        if (!held) return route.continue();
        held = false;
        const response = await route.fetch();
        const body = await response.text();
        expect(body).toContain("Warhammer Reloaded");
        const before = Date.now();
        writeFileSync(file, JSON.stringify({ ...entry, name: "Warhammer Again" }, null, 2));
        await until(async () => {
          const head = await fetch(`${base}/__momenta/diagnostics`, { method: "HEAD" });
          return Number(head.headers.get("x-momenta-content-changed")) >= before;
        });
        await route.fulfill({ response, body });
      });
      await late.goto(`${base}/weapon/warhammer/`);
      await shows(late, "Warhammer Again");
    } finally {
      await browser.close();
      writeFileSync(file, original);
    }
    await until(async () => !(await page("/weapon/warhammer/")).html.includes("Warhammer Again"));
  }, 240_000);

  it("reloads the open page once for a chapter save, its first load showing the new text", async () => {
    const file = join(root, "content/rules/01-the-loop-of-play.mdx");
    const text = readFileSync(file, "utf8");
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const open = await browser.newPage();
      await open.goto(`${base}/chapter/the-loop-of-play/`, { waitUntil: "networkidle" });
      // the page as a reader gets it: without Astro's toolbar annotating each element with its source file
      expect(await open.content()).not.toContain("data-astro-source-file");
      // page loads asked of the server, a load cut off by the next one included (it never commits)
      let loads = 0;
      open.on("request", (request) => {
        if (request.isNavigationRequest() && request.frame() === open.mainFrame()) loads += 1;
      });
      // one write: writeFileSync truncates, then writes, and a test process descheduled between the two for longer
      // than the watcher's quiet time makes two saves, which rightly reload the page twice (the empty file, then the
      // new text); this test means one save, so it writes the new line alone
      appendFileSync(file, "\nA line that reloads the page once.\n");
      await open.waitForFunction(
        () => document.querySelector("main")?.textContent?.includes("A line that reloads the page once"),
        undefined,
        { timeout: 60_000 },
      );
      // Astro's own reload of a changed MDX file came first and was cut off by the re-lint's (two renders)
      expect(loads, `the server's saves:\n${saves()}`).toBe(1);
    } finally {
      await browser.close();
      writeFileSync(file, text);
    }
    await until(
      async () => !(await page("/chapter/the-loop-of-play/")).html.includes("reloads the page once"),
    );
  }, 240_000);

  it("shows the saved file's rule diagnostics too (an unresolved reference), and none once fixed", async () => {
    const file = join(root, "content/weapons/dagger.json");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace("always [[Piercing]]", "always [[Nowhere]]"));
    const diagnostics = async () =>
      (await (await fetch(`${base}/__momenta/diagnostics`)).json()) as { ruleId: string; message: string }[];
    await until(async () => (await diagnostics()).some((d) => d.ruleId === "references"));
    expect((await diagnostics()).map((d) => `${d.ruleId}: ${d.message}`)).toContain(
      "references: `[[Nowhere]]` does not match any entry or chapter",
    );
    expect(printed()).toContain("error[references]: `[[Nowhere]]` does not match any entry or chapter");
    // on a phone the page's banner leaves the page readable (at most a fifth of the screen) and can be dismissed
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    try {
      const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await phone.goto(`${base}/chapter/what-is-momenta/`);
      const banner = phone.locator("#momenta-dev-diagnostics");
      await banner.waitFor();
      expect(await banner.textContent()).toContain("`[[Nowhere]]` does not match any entry or chapter");
      const box = await banner.boundingBox();
      expect(box?.height).toBeLessThanOrEqual(844 * 0.2 + 1);
      await phone.getByRole("button", { name: "Dismiss diagnostics" }).click();
      expect(await banner.count()).toBe(0);
      // the same problems stay dismissed on the next page
      await phone.reload();
      await phone.waitForLoadState("networkidle");
      expect(await phone.locator("#momenta-dev-diagnostics").count()).toBe(0);
    } finally {
      await browser.close();
    }
    writeFileSync(file, text);
    await until(async () => (await diagnostics()).length === 0);
  }, 240_000);

  it("reports every file a save breaks, keeps it while another file is saved, and says what the fix fixed", async () => {
    const impaired = join(root, "content/conditions/impaired.json");
    // a file no other test saves (a second save of one file within a moment may reach the watcher as one)
    const clean = join(root, "content/weapons/greataxe.json");
    const [capText, cleanText] = [readFileSync(impaired, "utf8"), readFileSync(clean, "utf8")];
    const overCap = "`[[Impaired 3]]`: Impaired stacks to at most 2";
    const diagnostics = async () =>
      (await (await fetch(`${base}/__momenta/diagnostics`)).json()) as { file: string; message: string }[];
    const elsewhere = async () => (await diagnostics()).filter((d) => d.message === overCap);
    const mark = printed().length;
    // lowering a cap breaks references in other files: they are served and printed, not "no problems"
    writeFileSync(impaired, capText.replace('"max": 3', '"max": 2'));
    await until(async () => (await elsewhere()).length > 0);
    const broken = await elsewhere();
    expect(broken.every((d) => d.file !== "content/conditions/impaired.json")).toBe(true);
    for (const d of broken) expect(printed().slice(mark)).toContain(d.file);
    expect(printed().slice(mark)).toContain(`error[condition-stacks]: ${overCap}`);
    expect(printed().slice(mark)).toMatch(/checked \d+ files: \d+ errors?, \d+ warnings · \d+ new, 0 fixed/);
    // saving a clean file keeps the broken files' banner
    const saved = printed().length;
    writeFileSync(clean, `${cleanText} `);
    await until(async () => printed().slice(saved).includes("content/weapons/greataxe.json"));
    expect(await elsewhere()).toEqual(broken);
    writeFileSync(clean, cleanText);
    const fixing = printed().length;
    writeFileSync(impaired, capText);
    await until(async () => (await diagnostics()).length === 0);
    await until(async () => printed().slice(fixing).includes(" fixed"));
    for (const d of broken) expect(printed().slice(fixing)).toContain(`fixed: ${d.file}:`);
  }, 240_000);
});
