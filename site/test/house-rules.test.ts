// A site built with homebrew packs and a release's changes, one build for every check of it: a house-rules pack (the
// patched entry page, the book, the cards, /changes/ in a browser, the API) beside a pack whose chapters pose as core
// ones (its chapters under their pack in the sidebar, after the core in the book and in search, its catalog text after
// the core's), and that build printed as `npm run pdf` prints it, every badge in the PDF's text
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BookPdf, printBook } from "../../scripts/pdf.ts";
import { type PdfContents, readPdf } from "../../scripts/pdf-read.ts";
import { buildEnvironment, REPO_DIR, SITE_DIR, withBuildLock } from "./support/build.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/chromium.ts";
import { type StaticServer, serveStatic } from "./support/server.ts";

const FIXTURES = join(REPO_DIR, "packages/lint/test/fixtures");
/** Chapters titled and numbered to pass for core ones, filed first in the Prologue, and a text for the weapons' catalog. */
const IMPERSONATION = join(REPO_DIR, "site/test/fixtures/hostile-packs/impersonation");
const PACK = "Impersonation (site test fixture)";
const BADGE = `Homebrew · ${PACK}`;
const HOUSE_RULE = "House rule · house-rules (test fixture)";
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
        MOMENTA_PACKS: [join(FIXTURES, "patch-packs/house-rules"), IMPERSONATION].join(delimiter),
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
});

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

const open = async (path: string): Promise<Page> => {
  const page = await context.newPage();
  const response = await page.goto(`${server.url}${path}`);
  expect(response?.status(), path).toBe(200);
  return page;
};

/** The sidebar's groups as a reader sees them: each group's label line (its badge included) and its links' paths. */
const sidebarGroups = async (path: string) => {
  const page = await open(path);
  const groups = await page.$$eval("#starlight__sidebar details", (details) =>
    details.map((group) => ({
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
      label: (group.querySelector(":scope > summary") as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
      links: [...group.querySelectorAll(":scope > ul > li > a")].map(
        (link) => new URL((link as HTMLAnchorElement).href).pathname,
      ),
    })),
  );
  await page.close();
  return groups;
};

describe("a pack whose chapters pose as core ones", () => {
  it("files them in the sidebar under a group of their own, named by the pack and badged Homebrew, after the core groups", async () => {
    for (const path of ["/chapter/rolling-dice/", "/chapter/impersonation.official-errata/"]) {
      const groups = await sidebarGroups(path);
      const labels = groups.map((group) => group.label);
      const own = groups.find((group) => group.label.startsWith(PACK));
      expect(own?.label, path).toBe(`${PACK} Homebrew`);
      expect(own?.links, path).toEqual([
        "/chapter/impersonation.official-errata/",
        "/chapter/impersonation.catalog-weapon-errata/",
      ]);
      expect(labels.indexOf(own?.label ?? ""), path).toBe(labels.indexOf("Catalogs") + 1);
      // the Prologue it claims opens with the core's chapter 00, and no core group links the pack
      expect(groups.find((group) => group.label === "Prologue · Welcome")?.links[0]).toBe(
        "/chapter/what-is-momenta/",
      );
      for (const group of groups.filter((candidate) => candidate !== own))
        expect(
          group.links.filter((link) => link.includes("impersonation.")),
          group.label,
        ).toEqual([]);
    }
  });

  it("is never where the home page starts reading, nor counted among the Core Rules' chapters", async () => {
    const page = await open("/");
    const start = await page.locator("a.cta").getAttribute("href");
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
    const cta = await page.locator("a.cta").innerText();
    const prologue = page.locator('[aria-labelledby="home-book"] li', { hasText: "Prologue" });
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
    const line = await prologue.innerText();
    const href = await prologue.locator("a").getAttribute("href");
    await page.close();
    expect([start, cta]).toEqual(["/chapter/what-is-momenta/", "Start reading: What Is Momenta?"]);
    expect([href, line]).toEqual(["/chapter/what-is-momenta/", "Prologue · Welcome — 3 chapters"]);
  });

  it("is listed after the core's pages, badged, where a core entry names the pages that refer to it", async () => {
    const page = await open("/condition/hindered/");
    const referrers = await page.$$eval("#referenced-by + ul.referrers > li", (items) =>
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
      items.map((item) => (item as HTMLElement).innerText.replace(/\s+/g, " ").trim()),
    );
    await page.close();
    expect(referrers.length).toBeGreaterThan(5);
    expect(referrers.at(-1)).toBe(`Official Errata for Hindered · chapter ${BADGE}`);
    expect(referrers.slice(0, -1).filter((line) => line.includes("Homebrew"))).toEqual([]);
  });

  it("badges its chapter's page first in the eyebrow, and no core chapter's", async () => {
    const eyebrow = await visibleText("/chapter/impersonation.official-errata/", ".chapter-eyebrow");
    expect(eyebrow).toBe(`${BADGE} · Prologue · Welcome · Chapter 40`);
    // the core chapter's eyebrow has no badge
    expect(await visibleText("/chapter/what-is-momenta/", ".chapter-eyebrow")).toBe(
      "Prologue · Welcome · Chapter 00",
    );
  });

  it("names its pack in the previous and next links that lead to its chapters, from core pages too", async () => {
    const pager = async (path: string) => {
      const page = await open(path);
      const links = await page.$$eval(".pagination-links a", (found) =>
        found.map((link) => ({
          rel: link.getAttribute("rel"),
          href: new URL((link as HTMLAnchorElement).href).pathname,
          // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
          text: (link as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
        })),
      );
      await page.close();
      return links;
    };
    const own = await pager("/chapter/impersonation.official-errata/");
    expect(own.find((link) => link.rel === "next")?.text).toBe(`Next Weapon Errata (${BADGE})`);
    // the core page before the pack's first chapter (the last catalog) leads to it badged
    const before = own.find((link) => link.rel === "prev");
    expect(before?.href).not.toContain("impersonation.");
    const next = (await pager(before?.href ?? "")).find((link) => link.rel === "next");
    expect(next).toEqual({
      rel: "next",
      href: "/chapter/impersonation.official-errata/",
      text: `Next 40 · Official Errata for Hindered (${BADGE})`,
    });
  });

  it("puts its catalog text after the core's on the weapons' catalog, badged with its pack", async () => {
    const page = await open("/weapon/");
    const texts = await page.$$eval("details.catalog-text", (details) =>
      details.map((text) => ({
        id: (text as HTMLElement).dataset.catalogText,
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
        summary: (text.querySelector("summary") as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
      })),
    );
    await page.close();
    expect(texts).toEqual([
      { id: "catalog-equipment", summary: "The Equipment Catalog's introduction" },
      { id: "impersonation.catalog-weapon-errata", summary: `${BADGE} Weapon Errata` },
    ]);
  });

  it("prints its chapters after the whole core book, badged in the contents, on the part and in its running head", async () => {
    const page = await open("/print/book/");
    const parts = await page.$$eval("section.book-part", (sections) =>
      sections.map((section) => ({
        id: section.id,
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
        label: (section.querySelector(".book-part__label") as HTMLElement).innerText.trim(),
      })),
    );
    const contents = await page.$$eval(".book-toc__item", (items) =>
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
      items.map((item) => (item as HTMLElement).innerText.replace(/\s+/g, " ").trim()),
    );
    const heads = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .filter((rule) => rule.constructor.name === "CSSPageRule")
        .map((rule) => rule.cssText),
    );
    await page.close();
    const first = parts.findIndex((part) => part.id.includes("impersonation."));
    expect(parts.slice(first).map((part) => part.id)).toEqual([
      "chapter/impersonation.official-errata",
      "chapter/impersonation.catalog-weapon-errata",
    ]);
    expect(parts.slice(0, first).some((part) => part.label.includes("Homebrew"))).toBe(false);
    // (the labels are set in capitals, as the reader and the PDF have them)
    expect(parts.slice(first).map((part) => part.label)).toEqual(
      [`Chapter 40 ${BADGE}`, `Catalog ${BADGE}`].map((label) => label.toUpperCase()),
    );
    expect(contents.slice(first).map((item) => item.replace(/ \d+$/, ""))).toEqual([
      `Chapter 40 Official Errata for Hindered ${BADGE}`,
      `Catalog Weapon Errata ${BADGE}`,
    ]);
    expect(heads.join("\n")).toContain(`content: "Official Errata for Hindered · ${BADGE}"`);
  });

  it("never answers a core name first in search, and its results carry their badge", async () => {
    const page = await open("/");
    // a string, not a function: vitest would rewrite a dynamic import() inside the function body
    const found = (await page.evaluate(`(async () => {
      const pagefind = await import("/pagefind-ranked/pagefind.js");
      await pagefind.options({});
      const found = {};
      for (const term of ["Hindered", "Official Errata for Hindered", "weapon errata", "double damage"]) {
        const response = await pagefind.search(term, {});
        found[term] = await Promise.all(response.results.slice(0, 8).map(async (result) => {
          const data = await result.data();
          return { url: new URL(data.url, location.origin).pathname, title: data.meta.title, content: data.content };
        }));
      }
      return found;
    })()`)) as Record<string, { url: string; title: string; content: string }[]>;
    await page.close();
    expect(found.Hindered?.[0]?.url).toBe("/condition/hindered/");
    for (const results of Object.values(found))
      for (const result of results.filter((each) => each.url.includes("impersonation.")))
        expect(result.title, result.url).toMatch(new RegExp(`\\(${BADGE.replace(/[()]/g, "\\$&")}\\)$`));
    // its own name finds it, badged (the badged title is the result's title, not words of the page)
    const own = found["Official Errata for Hindered"]?.[0];
    expect(own?.url).toBe("/chapter/impersonation.official-errata/");
    expect(own?.title).toBe(`Official Errata for Hindered (${BADGE})`);
    expect(own?.content).not.toContain(`Official Errata for Hindered (${BADGE})`);
    // its catalog text's words find its own page, never the core catalog it is shown on
    expect(found["double damage"]?.map((result) => result.url)).toContain(
      "/chapter/impersonation.catalog-weapon-errata/",
    );
    expect(found["double damage"]?.map((result) => result.url)).not.toContain("/weapon/");
    expect(found["weapon errata"]?.some((result) => result.url.includes("impersonation."))).toBe(true);
    // the names index that answers while Pagefind loads says the same
    const names = JSON.parse(readFileSync(join(out, "pagefind-ranked/names.json"), "utf8")) as {
      t: string;
      u: string;
    }[];
    expect(names.find((row) => row.u === "/chapter/impersonation.official-errata/")?.t).toBe(
      `Official Errata for Hindered (${BADGE})`,
    );
  });
});

describe("the JSON API of a site built with packs", () => {
  const api = (path: string) => JSON.parse(readFileSync(join(out, "api/v1", path), "utf8"));
  it("marks each patched core entry as a house rule naming its pack, and a pack's chapter with its pack", () => {
    const mark = { id: "house-rules", name: "house-rules (test fixture)" };
    expect(api("weapon/dagger.json").houseRules).toEqual([
      { pack: mark, fields: ["/damage/3+", "/effect/3+"] },
    ]);
    expect(api("condition/wracked.json").houseRules).toEqual([{ pack: mark, fields: ["/stackable/max"] }]);
    expect(api("weapon/longsword.json").houseRules).toBeUndefined();
    expect(api("chapter/impersonation.official-errata.json").pack).toEqual({
      id: "impersonation",
      name: PACK,
    });
    expect(api("chapter/rolling-dice.json").pack).toBeUndefined();
    // the core's chapters first, the pack's after them all
    const chapters = (api("index.json").chapters as { id: string }[]).map((chapter) => chapter.id);
    expect(chapters.slice(-2)).toEqual([
      "chapter/impersonation.official-errata",
      "chapter/impersonation.catalog-weapon-errata",
    ]);
  });
});

// `npm run pdf` is this build and then printBook on it (scripts/pdf.ts); the build is the one above, so this prints it
// with the same function, without a second build of site/dist (which every other site test reads)
describe("the book PDF of a site built with packs", () => {
  let book: BookPdf;
  let pdf: PdfContents;
  let badges: string[] = [];
  beforeAll(async () => {
    const page = await open("/print/book/");
    badges = await page.$$eval(".badge--homebrew", (found) =>
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
      found.map((badge) => (badge as HTMLElement).innerText.replace(/\s+/g, " ").trim()),
    );
    await page.close();
    book = await printBook(out);
    pdf = await readPdf(book.pdf);
    // three passes of a 200-page book: a minute on a quiet machine, several on a loaded one
  }, 900_000);

  const squash = (text: string) => text.replace(/\s+/g, " ").trim();
  const count = (text: string, part: string) => text.split(part).length - 1;

  it("finishes, and holds every Homebrew and House rule badge the print page shows", () => {
    expect(pdf.pages).toBeGreaterThan(100);
    const text = squash(pdf.text.join(" "));
    // as set: a part's label is in capitals
    expect(new Set(badges.map((badge) => badge.toLowerCase()))).toEqual(
      new Set([BADGE, HOUSE_RULE].map((badge) => badge.toLowerCase())),
    );
    expect(badges.length).toBeGreaterThan(3);
    for (const badge of new Set(badges))
      expect(count(text, badge), badge).toBeGreaterThanOrEqual(
        badges.filter((each) => each === badge).length,
      );
  });

  it("heads every page of a pack's chapter with its badge", () => {
    const starts = [...book.contents.entries()].sort((a, b) => a[1] - b[1]);
    const first = starts.findIndex(([id]) => id.includes("impersonation."));
    expect(first).toBeGreaterThan(0);
    const from = starts[first]?.[1] ?? pdf.pages;
    expect(pdf.pages - from + 1).toBeGreaterThanOrEqual(2);
    for (let page = from; page <= pdf.pages; page++) {
      const runs = (pdf.items[page - 1] ?? []).filter((run) => run.str.trim() !== "");
      const top = squash(
        runs
          .filter((run) => run.y === Math.max(...runs.map((each) => each.y)))
          .map((run) => run.str)
          .join(" "),
      );
      expect(top, `page ${page}`).toContain(BADGE);
    }
  });
});
