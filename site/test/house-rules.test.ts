// A site built with a house-rules pack and a release's changes: the patched entry page and /changes/ in a browser
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildEnvironment, REPO_DIR, SITE_DIR, withBuildLock } from "./support/build.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/chromium.ts";
import { type StaticServer, serveStatic } from "./support/server.ts";

const FIXTURES = join(REPO_DIR, "packages/lint/test/fixtures");
const scratch = mkdtempSync(join(tmpdir(), "momenta-house-rules-"));
const out = join(scratch, "dist");
let server: StaticServer;
let context: BrowserContext;

// the build goes to a folder outside site/: Astro 5 then builds its server bundle in site/.astro (src/lib/out-dir.ts)
const DOT_ASTRO = join(SITE_DIR, ".astro");
let dotAstroAfter: string[] = [];

beforeAll(async () => {
  let result: ReturnType<typeof spawnSync> | undefined;
  withBuildLock(() => {
    result = spawnSync("npx", ["astro", "build"], {
      cwd: SITE_DIR,
      encoding: "utf8",
      env: {
        ...buildEnvironment(),
        MOMENTA_PACKS: join(FIXTURES, "patch-packs/house-rules"),
        // a synthetic release history (0.30.0 → 0.31.0), as the changes file of a real release would be
        MOMENTA_RELEASE_CHANGES: join(FIXTURES, "changes/0.31.0.json"),
        MOMENTA_SITE_OUT_DIR: out,
      },
    });
    dotAstroAfter = existsSync(DOT_ASTRO) ? readdirSync(DOT_ASTRO).sort() : [];
  });
  if (result?.status !== 0)
    throw new Error(`astro build failed:\n${result?.stdout}\n${result?.stderr}`.slice(-4000));
  server = await serveStatic(out);
  context = await chromium.launchPersistentContext(join(scratch, "profile"), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
}, 900_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

const visibleText = async (path: string, selector = "main") => {
  const page = await context.newPage();
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status()).toBe(200);
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
  const text = await page.locator(selector).innerText();
  await page.close();
  return text;
};

describe("a build into a folder outside site/", () => {
  it("writes no content modules or collection schemas there, and leaves site/.astro in place", () => {
    const written = readdirSync(out);
    expect(written).toContain("index.html");
    for (const stray of ["collections", "content-modules.mjs", "content-assets.mjs", "types.d.ts"])
      expect(written).not.toContain(stray);
    expect(dotAstroAfter).toEqual(
      expect.arrayContaining(["collections", "content-modules.mjs", "types.d.ts"]),
    );
  });
});

describe("a site built with a house-rules pack", () => {
  it("shows a patched entry with its House rule badge and a field-by-field view of the change", async () => {
    const main = await visibleText("/weapon/dagger/");
    expect(main).toContain("House rule · house-rules (test fixture)");
    const table = await visibleText("/weapon/dagger/", ".house-rule__changes");
    expect(
      table
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    ).toEqual([
      "What the house rule changes",
      "Field\tCore rules\tHouse rule",
      "Damage · 3+\t12\t13",
      "Effect · 3+\t12 damage\t13 damage",
    ]);
    // the stat block itself reads the patched graph
    expect(main).toContain("13 damage");
    // an unpatched entry carries no such badge
    expect(await visibleText("/weapon/longsword/")).not.toContain("House rule");
  });

  it("marks every patched entry as a house rule in the print book, where it shows patched, and no other", async () => {
    const dagger = await visibleText("/print/book/", '[id="weapon/dagger"]');
    expect(dagger).toContain("House rule · house-rules (test fixture)");
    expect(dagger).toContain("13 damage");
    for (const id of ["condition/wracked", "art/mend"])
      expect(await visibleText("/print/book/", `[id="${id}"]`), id).toContain(
        "House rule · house-rules (test fixture)",
      );
    expect(await visibleText("/print/book/", '[id="weapon/longsword"]')).not.toContain("House rule");
    // a chapter that embeds a patched stat block marks it there too
    const chapter = await visibleText("/chapter/conditions-and-states/");
    expect(chapter).toMatch(/Wracked[\s\S]{0,200}House rule · house-rules \(test fixture\)/);
  });

  it("marks patched entries as house rules on their cards: weapons, conditions, and every Art × Resonance of Mend", async () => {
    const card = async (deck: string, id: string) =>
      visibleText(`/print/cards/${deck}/`, `[data-card="${id}"]`);
    expect(await card("weapons", "weapon/dagger")).toContain("House rule · house-rules (test fixture)");
    expect(await card("weapons", "weapon/longsword")).not.toContain("House rule");
    expect(await card("conditions", "condition/wracked")).toContain(
      "House rule · house-rules (test fixture)",
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/print/cards/repertoire/`);
    const mend = await page.locator('[data-card*="#with-mend"]').allInnerTexts();
    const others = await page.locator('[data-card]:not([data-card*="#with-mend"])').allInnerTexts();
    await page.close();
    expect(mend.length).toBeGreaterThan(0);
    for (const text of mend) expect(text).toContain("House rule · house-rules (test fixture)");
    for (const text of others) expect(text).not.toContain("House rule");
  });

  it("lists the pack on /homebrew/ with its version, authors, license and lint status", async () => {
    const main = await visibleText("/homebrew/");
    expect(main).toContain("house-rules (test fixture)");
    expect(main).toMatch(/Version\s+1\.0\.0/);
    expect(main).toMatch(/Authors\s+fixture/);
    expect(main).toMatch(/License\s+CC0-1\.0/);
    expect(main).toMatch(/Lint status\s+lint: no problems/);
    expect(main).toMatch(/House rules \(core entries it changes\): .*Dagger/);
  });

  it("shows /changes/ from the release's diff: renamed, changed fields, links to the entries, chapters by section", async () => {
    const main = await visibleText("/changes/");
    expect(main).toContain("Changes in 0.31.0");
    expect(main).toContain("What rules 0.31.0 changed against 0.30.0");
    expect(main).toMatch(/Renamed \(1\)\s+Sorrowmaw → Sorrowmaw, the Grief-Drake/);
    expect(main).toMatch(
      /Changed \(2\)\s+Hindered\s+Effect: old text → new text\s+Dagger\s+Damage · 3\+: 11 → 12/,
    );
    expect(main).toMatch(
      /Chapters changed \(1\)\s+Momentum\s+Gaining Momentum: kept words old words new words kept\./,
    );
    // the erratum's struck and added words are marked as such
    expect(await visibleText("/changes/", '[data-section="gaining-momentum"] del')).toBe("old words ");
    expect(await visibleText("/changes/", '[data-section="gaining-momentum"] ins')).toBe("new words ");
  });
});
