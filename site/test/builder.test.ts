// The character builder in Chromium: Mira built by hand gives ch. 12's table and her file; each check words its problem
// as `momenta lint` does; a shared link reopens a character; it works offline; axe finds nothing; screenshots for review
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkFragment } from "../src/builder/model.ts";
import { cases, mira } from "./fixtures/builder/cases.ts";
import { axeViolations } from "./support/axe.ts";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";
import { launchChromium } from "./support/chromium.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { browseSite, type SiteBrowser, serveStatic } from "./support/server.ts";

const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

let site: SiteBrowser;
let scratch: string;

beforeAll(async () => {
  ensureSiteBuilt();
  scratch = mkdtempSync(join(tmpdir(), "momenta-builder-"));
  site = await browseSite(DIST_DIR, { acceptDownloads: true }, "momenta-builder-chromium-");
});

afterAll(async () => {
  await site?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const open = async (path: string, viewport: { width: number; height: number } = WIDE): Promise<Page> => {
  const page = await site.open(path, (p) => p.setViewportSize(viewport));
  await page.waitForSelector("[data-builder][data-ready]");
  return page;
};

/** `momenta lint -f json` over a copy of content/ with these character files added (or replacing one). */
function lint(
  files: Record<string, unknown>,
): { file: string; ruleId: string; message: string; help?: string }[] {
  const root = mkdtempSync(join(scratch, "lint-"));
  cpSync(join(REPO_DIR, "content"), join(root, "content"), { recursive: true });
  for (const [name, file] of Object.entries(files))
    writeFileSync(
      join(root, "content/characters", name),
      typeof file === "string" ? file : JSON.stringify(file),
    );
  const run = spawnSync(
    process.execPath,
    [join(REPO_DIR, "packages/cli/bin/momenta.mjs"), "lint", "--root", root, "-f", "json"],
    { encoding: "utf8", cwd: REPO_DIR, maxBuffer: 64 * 1024 * 1024 },
  );
  if (run.status === 2 || !run.stdout) throw new Error(`momenta lint failed: ${run.stderr}`);
  return (
    JSON.parse(run.stdout) as {
      diagnostics: { file: string; ruleId: string; message: string; help?: string }[];
    }
  ).diagnostics;
}

/** The problems the builder shows, message and help as their text, in the page's order. */
const shownProblems = (page: Page) =>
  page.locator(".builder-form [data-problem-message]").evaluateAll((nodes) =>
    nodes.map((node) => ({
      message: node.textContent ?? "",
      help: node.parentElement?.querySelector("[data-problem-help]")?.textContent ?? "",
    })),
  );

describe("building Mira from an empty builder", () => {
  it("shows her ch. 12 table and exports content/characters/mira.json field for field", async () => {
    const book = mira(REPO_DIR);
    const page = await open("/builder/");
    await page.fill("#b-name", book.name as string);
    expect(await page.inputValue("#b-slug")).toBe("mira");
    await page.fill("#b-summary", book.summary as string);
    await page.fill("#b-concept", book.concept as string);
    await page.selectOption("#b-ancestry", book.ancestry as string);
    for (const [row, held] of book.archetypes.entries()) {
      if (held.archetype === book.ancestry) {
        await page.selectOption("#b-ancestry-rank", String(held.rank));
        continue;
      }
      await page.click("#b-add-path");
      await page.selectOption(`#b-archetype-${row}`, held.archetype);
      await page.selectOption(`#b-archetype-rank-${row}`, String(held.rank));
    }
    for (const [name, value] of Object.entries(book.attributes))
      await page.fill(`#b-attr-${name}`, String(value));
    for (const id of book.masteryDomains as string[]) await page.check(`#b-domain-${id.split("/")[1]}`);
    for (const [row, slotted] of book.masteries.entries()) {
      await page.click("#b-add-mastery");
      await page.selectOption(`#b-mastery-${row}`, slotted.mastery);
      if (slotted.board) await page.selectOption(`#b-board-${row}`, slotted.board);
    }
    for (const [row, id] of book.gear.entries()) {
      await page.click("#b-add-gear");
      await page.selectOption(`#b-gear-${row}`, id);
    }
    for (const [row, thread] of (book.threads as string[]).entries()) {
      await page.click("#b-add-thread");
      await page.fill(`#b-thread-${row}`, thread);
    }
    for (const [row, bond] of (
      book.bonds as { target: string; intensity: number; strands?: number; descriptor: string }[]
    ).entries()) {
      await page.click("#b-add-bond");
      await page.fill(`#b-bond-target-${row}`, bond.target);
      await page.selectOption(`#b-bond-intensity-${row}`, String(bond.intensity));
      if (bond.strands !== undefined) await page.fill(`#b-bond-strands-${row}`, String(bond.strands));
      await page.fill(`#b-bond-descriptor-${row}`, bond.descriptor);
    }

    // every stat of the book's table, as the sheet shows it
    const stated = book.statedDerivedStats as Record<
      string,
      { value: number | string } & Record<string, number>
    >;
    const shown = Object.fromEntries(
      await page
        .locator("#b-stats tr[data-stat]")
        .evaluateAll((rows) =>
          rows.map((row) => [
            (row as HTMLElement).dataset.stat,
            row.querySelector("[data-value]")?.textContent,
          ]),
        ),
    );
    const expected: Record<string, string> = {};
    for (const [key, row] of Object.entries(stated)) {
      if (key === "masterySlots") {
        for (const [board, value] of Object.entries(row)) expected[`masterySlots.${board}`] = String(value);
      } else expected[key === "wondrousItemSlots" ? "wondrousSlots" : key] = String(row.value);
    }
    expect(Object.keys(expected).length).toBe(20);
    for (const [key, value] of Object.entries(expected)) expect(shown[key], key).toBe(value);
    expect(await page.locator('#b-stats tr[data-stat="maxVitality"] [data-calculation]').textContent()).toBe(
      "(BODY + 3) × 3 +1 from R1 Half-Elf +1 from R1 Warrior +1 from R2 Warrior",
    );
    expect(await page.locator("#b-check-count").textContent()).toBe(
      "No problems: momenta lint accepts this build.",
    );
    expect(await shownProblems(page)).toEqual([]);
    await saveScreenshot(page, "builder-mira-1366", { fullPage: true });

    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#b-download")]);
    expect(download.suggestedFilename()).toBe("mira.json");
    const text = readFileSync((await download.path()) as string, "utf8");
    const exported = JSON.parse(text) as Record<string, unknown>;
    // the builder writes what a player chooses; the stated table is the book's print of the stats, compared above
    const { statedDerivedStats: _stated, ...file } = book;
    expect(Object.keys(exported).sort()).toEqual(Object.keys(file).sort());
    for (const [key, value] of Object.entries(file)) expect(exported[key], key).toEqual(value);

    // momenta lint accepts the exported file as it is, in place of the book's
    const diagnostics = lint({ "mira.json": text }).filter((d) => d.file === "content/characters/mira.json");
    expect(diagnostics).toEqual([]);

    // the link in the address bar reproduces her
    const link = page.url();
    const again = await open(link.slice(site.url.length), PHONE);
    expect(await again.inputValue("#b-name")).toBe("Mira");
    expect(await again.locator('#b-stats tr[data-stat="maxGuard"] [data-value]').textContent()).toBe("4");
    await saveScreenshot(again, "builder-mira-390", { fullPage: true });
    await again.close();
    await page.close();
  });
});

describe("each check of the `characters` rule, in the builder and in momenta lint", () => {
  const table = cases(REPO_DIR);
  let linted: ReturnType<typeof lint>;
  beforeAll(() => {
    linted = lint(Object.fromEntries(table.map((item) => [`${item.slug}.json`, item.file])));
  }, 180_000);

  it.each(table.map((item) => [item.slug, item] as const))(
    "%s: the same message and help, byte for byte",
    {
      timeout: 60_000,
    },
    async (_slug, item) => {
      const expected = linted
        .filter((d) => d.file === `content/characters/${item.slug}.json` && d.ruleId === "characters")
        .map((d) => ({ message: d.message, help: d.help ?? "" }));
      // the case breaks what it is named for, and only the rule's own problems are compared
      expect(expected.some((d) => item.expect.test(d.message))).toBe(true);
      expect(
        linted.filter((d) => d.file === `content/characters/${item.slug}.json` && d.ruleId !== "characters"),
      ).toEqual([]);
      const page = await open(`/builder/${linkFragment(item.file as never)}`, PHONE);
      const shown = await shownProblems(page);
      const order = (list: { message: string; help: string }[]) =>
        list.map((d) => `${d.message}\n${d.help}`).sort();
      expect(order(shown)).toEqual(order(expected));
      await page.close();
    },
  );
});

describe("the builder page", () => {
  it("offers Arts and Resonances as ticks, saying why no mastery grants a Resonance here", {
    timeout: 60_000,
  }, async () => {
    const page = await open("/builder/", PHONE);
    const step = page.locator("#step-spells");
    expect((await step.innerText()).replace(/\s+/g, " ")).toContain(
      "A Resonance is gained through a mastery that gives access to it; the source lost the mastery entries that would, so tick here the Resonances this character has.",
    );
    expect(await step.locator('input[type="checkbox"]').count()).toBeGreaterThan(5);
    await page.close();
  });

  it("imports a character file and saves it on the device, listed after a reload", {
    timeout: 60_000,
  }, async () => {
    const page = await open("/builder/", PHONE);
    const path = join(scratch, "mira.json");
    writeFileSync(path, readFileSync(join(REPO_DIR, "content/characters/mira.json")));
    await page.setInputFiles("#b-import-file", path);
    await expect.poll(() => page.inputValue("#b-name")).toBe("Mira");
    // an imported book character shows the book's column beside the computed one
    expect(await page.locator('#b-stats tr[data-stat="maxVitality"] td').allTextContents()).toEqual([
      "21",
      "21",
      "(BODY + 3) × 3 +1 from R1 Half-Elf +1 from R1 Warrior +1 from R2 Warrior",
    ]);
    await page.click("#b-save");
    expect(await page.locator("#b-status").textContent()).toBe("Saved mira.json on this device.");
    await page.reload();
    await page.waitForSelector("[data-builder][data-ready]");
    expect(await page.locator('#b-saved [data-saved="mira"]').count()).toBe(1);
    await page.close();
  });

  it("downloads a backup of the saved characters and restores it on a device that has none", {
    timeout: 60_000,
  }, async () => {
    const page = await open("/builder/", WIDE);
    const file = join(scratch, "mira-for-backup.json");
    writeFileSync(file, readFileSync(join(REPO_DIR, "content/characters/mira.json")));
    await page.setInputFiles("#b-import-file", file);
    await expect.poll(() => page.inputValue("#b-name")).toBe("Mira");
    await page.click("#b-save");
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("#b-backup")]);
    expect(download.suggestedFilename()).toMatch(/^momenta-characters-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await page.locator("#b-status").textContent()).toBe("Downloaded a backup of 1 saved character.");
    const backup = join(scratch, download.suggestedFilename());
    await download.saveAs(backup);
    // the file: the marker, and Mira as the character file the builder exports
    const written = JSON.parse(readFileSync(backup, "utf8"));
    expect(written.format).toBe("momenta-builder-backup");
    expect(written.characters.map((item: { slug: string }) => item.slug)).toEqual(["mira"]);
    expect(written.characters[0].file.name).toBe("Mira");
    // another device: nothing saved, then the backup restored, and still there after a reload
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.waitForSelector("[data-builder][data-ready]");
    expect(await page.locator("#b-saved").innerText()).toBe("Nothing saved on this device yet.");
    await page.setInputFiles("#b-restore", backup);
    await expect
      .poll(() => page.locator("#b-status").textContent())
      .toBe(`Restored 1 character from ${download.suggestedFilename()}.`);
    await page.reload();
    await page.waitForSelector("[data-builder][data-ready]");
    expect(await page.locator('#b-saved [data-saved="mira"]').count()).toBe(1);
    // a character file is not a backup: refused, with the reason, and nothing changes
    await page.setInputFiles("#b-restore", file);
    await expect
      .poll(() => page.locator("#b-status").textContent())
      .toBe("Not restored: this is not a builder backup file.");
    expect(await page.locator("#b-saved li").count()).toBe(1);
    await page.close();
  });

  it("works from the keyboard and tells a screen reader what changed", { timeout: 60_000 }, async () => {
    const page = await open(`/builder/${linkFragment(mira(REPO_DIR) as never)}`, PHONE);
    await page.focus("#b-attr-AGI");
    await page.keyboard.press("ArrowDown");
    expect(await page.inputValue("#b-attr-AGI")).toBe("2");
    expect(await page.locator('#b-stats tr[data-stat="maxVitality"] [data-value]').textContent()).toBe("18");
    expect(await page.locator("#b-announce").getAttribute("aria-live")).toBe("polite");
    expect(await page.locator("#b-announce").textContent()).toBe(
      "BODY 2, Max Vitality 18, Mastery slots (body) 2, Mastery slots (total) 4",
    );
    // a new row from the keyboard: Enter on "Add an item", then the new select takes a choice
    await page.focus("#b-add-gear");
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("b-add-gear");
    await page.selectOption("#b-gear-3", "wondrous/pendant-of-the-ox");
    expect(await page.locator("#b-slots-wondrous").textContent()).toBe("1 of 1");
    await page.close();
  });

  it("has no axe violations, empty and with a character", { timeout: 120_000 }, async () => {
    for (const path of ["/builder/", `/builder/${linkFragment(cases(REPO_DIR)[3]?.file as never)}`]) {
      const page = await open(path);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    }
  });

  it("prints a one-page sheet without the controls", async () => {
    const page = await open(`/builder/${linkFragment(mira(REPO_DIR) as never)}`);
    await page.emulateMedia({ media: "print" });
    expect(await page.locator("#b-download").isVisible()).toBe(false);
    expect(await page.locator(".builder-form").isVisible()).toBe(false);
    const sheet = page.locator("#b-print-sheet");
    expect(await sheet.locator("h2").textContent()).toBe("Mira");
    // the render layer's sheet, as on her page: nine attribute and core cells, a box per stat with its calculation
    expect(await sheet.locator(".sheet__attributes td").count()).toBe(9);
    expect(await sheet.locator(".sheet__stat").count()).toBe(20);
    expect(await sheet.locator('.sheet__stat[data-stat="maxVitality"]').innerText()).toBe(
      "Max Vitality\n21\n(BODY + 3) × 3 +1 from R1 Half-Elf +1 from R1 Warrior +1 from R2 Warrior",
    );
    expect(await sheet.locator('[data-field="masteries"] dd').innerText()).toBe(
      "Body: Lightning Reflexes, Combat Reflexes, Bloodlust · Mind: Overwatch · Wildcard: Visualization",
    );
    expect(await sheet.locator(".sheet__compare").count()).toBe(0);
    await saveScreenshot(page, "builder-print", { fullPage: true });
    const pdf = (await page.pdf({ format: "A4", printBackground: true })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await page.close();
  });
});

describe("Mira's page", () => {
  it("opens her sheet in the builder", { timeout: 60_000 }, async () => {
    const page = await site.open("/character/mira/", (p) => p.setViewportSize(PHONE));
    await page.click("[data-builder-link]");
    await page.waitForSelector("[data-builder][data-ready]");
    expect(await page.inputValue("#b-name")).toBe("Mira");
    expect(await page.locator('#b-stats tr[data-stat="maxVitality"] td').allTextContents()).toEqual([
      "21",
      "21",
      "(BODY + 3) × 3 +1 from R1 Half-Elf +1 from R1 Warrior +1 from R2 Warrior",
    ]);
    expect(await page.locator("#b-check-count").textContent()).toBe(
      "No problems: momenta lint accepts this build.",
    );
    await page.close();
  });
});

describe("offline", () => {
  it("opens and computes with no network after one visit to the site", { timeout: 180_000 }, async () => {
    let server: Awaited<ReturnType<typeof serveStatic>> | undefined = await serveStatic(DIST_DIR);
    const browser = await launchChromium({}, "momenta-builder-offline-");
    try {
      const base = server.url;
      const page = await browser.context.newPage();
      await page.goto(`${base}/`);
      await page.evaluate(() => navigator.serviceWorker.ready);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 60_000,
      });
      await server.close();
      server = undefined;
      await browser.context.setOffline(true);
      const offline = await browser.context.newPage();
      await offline.goto(`${base}/builder/${linkFragment(mira(REPO_DIR) as never)}`);
      await offline.waitForSelector("[data-builder][data-ready]");
      expect(await offline.locator('#b-stats tr[data-stat="maxVitality"] [data-value]').textContent()).toBe(
        "21",
      );
      await offline.fill("#b-attr-AGI", "2");
      expect(await offline.locator('#b-stats tr[data-stat="maxVitality"] [data-value]').textContent()).toBe(
        "18",
      );
    } finally {
      await browser.close();
      await server?.close();
    }
  });
});
