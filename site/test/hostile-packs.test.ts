// Building the site with hostile homebrew packs: a pack with lint errors is refused with the linter's report
// (nothing of it compiled or run), and a lint-clean hostile pack yields pages with no script, event handler,
// `javascript:` or external link of its own, titles escaped, nothing written outside the output folder and core
// pages' links unchanged
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join, relative, resolve } from "node:path";
import { load } from "@momenta/content";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { select, selectAll } from "hast-util-select";
import { toText } from "hast-util-to-text";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPECTED, HOSTILE_CASES, HUGE_CASES, writeCase } from "../../test/fixtures/hostile-packs/cases.ts";
import {
  buildEnvironment,
  DIST_DIR,
  ensureSiteBuilt,
  REPO_DIR,
  SITE_DIR,
  withBuildLock,
} from "./support/build.ts";
import { browseSite } from "./support/server.ts";

const FIXTURES = "site/test/fixtures/hostile-packs";
const scratch = mkdtempSync(join(tmpdir(), "momenta-hostile-"));
const sentinel = join(scratch, "sentinel");
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * Caches and outputs a build (or another test file running meanwhile, such as the extension's bundle in
 * editors/vscode/dist) may write; anything else changing in the repository is a write the build must not make.
 */
const WRITABLE =
  /^(node_modules|\.git|test-results|(packages|editors|tools)\/[^/]+\/(dist|node_modules)|site\/(\.astro|dist|\.dist-|\.astro-test-build|node_modules))/;

function snapshot(folder = REPO_DIR, out = new Map<string, string>()): Map<string, string> {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    const key = relative(REPO_DIR, path);
    if (WRITABLE.test(key)) continue;
    const stats = statSync(path);
    if (stats.isDirectory()) snapshot(path, out);
    else out.set(key, `${stats.size}:${stats.mtimeMs}`);
  }
  return out;
}

/** Folders a build reads but never writes (tests and editors leave them alone while the suite runs, unlike src/). */
const READ_ONLY = /^(content|site\/(src|public|test\/fixtures)|examples)\//;

/**
 * What a build changed outside its output folder: files created or removed anywhere in the repository (caches
 * aside), and files changed in the folders it only reads.
 */
function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const out: string[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    if (!before.has(key) || !after.has(key)) out.push(`${before.has(key) ? "removed" : "created"} ${key}`);
    else if (READ_ONLY.test(key) && before.get(key) !== after.get(key)) out.push(`changed ${key}`);
  }
  return out;
}

/**
 * A build with the pack (a fixture's name, or an absolute folder), under the build lock: it rewrites site/.astro,
 * which the site type check reads.
 */
function build(pack: string, outDir: string) {
  let result: SpawnSyncReturns<string> | undefined;
  withBuildLock(() => {
    result = spawnSync("npx", ["astro", "build"], {
      cwd: SITE_DIR,
      encoding: "utf8",
      env: {
        ...buildEnvironment(),
        MOMENTA_PACKS: pack.startsWith("/") ? pack : `${FIXTURES}/${pack}`,
        MOMENTA_SITE_OUT_DIR: outDir,
        MOMENTA_SENTINEL: sentinel,
      },
    });
  });
  if (!result) throw new Error("the build lock was released without running the build");
  return result;
}

const page = (dist: string, id: string): Root => fromHtml(readFileSync(join(dist, id, "index.html"), "utf8"));

describe("a pack with lint errors", () => {
  // its build waits behind the build lock, which another file's build or dev server may hold for minutes: the
  // bound is the hooks' (vitest.config.ts), not a test's
  it("is refused with the linter's stylish report: nothing compiled, run or written", {
    timeout: 20 * 60_000,
  }, () => {
    const out = join(scratch, "refused");
    const before = snapshot();
    const result = build("runs-code", out);
    expect(result.status).toBe(1);
    const output = `${result.stdout}${result.stderr}`;
    expect(output).toContain("error[untrusted-prose]: a `<script>` element");
    expect(output).toContain("error[untrusted-prose]: a `javascript:` link");
    expect(output).toContain("The site is not built with a homebrew pack that has lint errors");
    expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(existsSync(sentinel)).toBe(false);
    expect(existsSync(join(out, "index.html"))).toBe(false);
    expect(changes(before, snapshot())).toEqual([]);
  });
});

// every case of the linter's hostile corpus has lint errors, so a build with it must stop at the linter's report:
// no page compiled, nothing run or written. The refusal comes from the site's config before Astro renders anything,
// so one build with every case's pack checks them all: a pack's diagnostics are its own, and each case must show
// in the report exactly those test/hostile-packs.test.ts pins for it alone (a case with any error is refused alone)
describe("the hostile-pack corpus", () => {
  const out = join(scratch, "refused-corpus");
  const dirs = new Map<string, string>();
  let result: SpawnSyncReturns<string>;
  let output = "";
  let written: string[] = [];
  beforeAll(() => {
    for (const name of Object.keys(HOSTILE_CASES))
      dirs.set(
        name,
        HUGE_CASES.has(name)
          ? writeCase(name, join(scratch, "corpus", name))
          : join(REPO_DIR, "test/fixtures/hostile-packs", name),
      );
    const before = snapshot();
    result = build([...dirs.values()].join(delimiter), out);
    output = `${result.stdout}${result.stderr}`;
    written = changes(before, snapshot());
  });

  it("is refused with the linter's report, without a stack trace, running or writing anything", () => {
    expect(result.status, output.slice(-4000)).toBe(1);
    expect(output).toContain("The site is not built with a homebrew pack that has lint errors");
    expect(output).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
    expect(output).not.toMatch(/RangeError|internal error/);
    expect(existsSync(sentinel)).toBe(false);
    expect(existsSync(out)).toBe(false);
    expect(written).toEqual([]);
  });

  /** [rule, file inside the case's pack, line, column] of each error the report names in the case's files. */
  function reported(name: string): [string, string, number, number][] {
    const dir = dirs.get(name) as string;
    const found: [string, string, number, number][] = [];
    for (const [, rule, file, line, column] of output.matchAll(
      /^error\[([a-z-]+)\]: [^\n]*\n\s*--> ([^\n]+):(\d+):(\d+)$/gm,
    )) {
      const inPack = relative(dir, resolve(REPO_DIR, file as string));
      if (!inPack.startsWith("..")) found.push([rule as string, inPack, Number(line), Number(column)]);
    }
    return found;
  }

  it.each(Object.keys(HOSTILE_CASES))("%s: the report holds exactly the case's own errors", (name) => {
    expect(reported(name)).toEqual(
      EXPECTED[name]?.map(([rule, , file, line, column]) => [rule, file, line, column]),
    );
  });
});

describe("a lint-clean hostile pack", () => {
  const out = join(scratch, "dist");
  let before: Map<string, string>;
  let status: number | null;
  beforeAll(() => {
    ensureSiteBuilt();
    before = snapshot();
    const result = build("title-xss", out);
    status = result.status;
    if (status !== 0) throw new Error(`${result.stdout}\n${result.stderr}`.slice(-4000));
  });

  it("builds without writing outside its output folder or running anything", () => {
    expect(status).toBe(0);
    expect(changes(before, snapshot())).toEqual([]);
    expect(existsSync(sentinel)).toBe(false);
  });

  const PACK_PAGES = ["condition/title-xss.xss", "chapter/title-xss.fixture"];
  // lint refuses markup in names (`pack/name-markup`; the `</style><script>` title that ran here before is a unit case
  // of @momenta/render's running-heads.ts now), so the fixture's names are the lint-clean text that breaks a context by quoting
  const CHAPTER_TITLE = 'Fixture "Chapter"; } } body { display: none } @page x { @top-center { content: "';
  const ENTRY_NAME = "Fixture \"Name\" & 'Quotes' \\ Slash";

  it("escapes names in the page head and title", () => {
    for (const [id, title] of [
      ["condition/title-xss.xss", ENTRY_NAME],
      ["chapter/title-xss.fixture", CHAPTER_TITLE],
    ] as const) {
      const tree = page(out, id);
      expect(toText(select("title", tree) as Element)).toBe(`${title} | Momenta Rules`);
      expect(toText(select("h1", tree) as Element)).toBe(title);
      expect(selectAll("head img, head iframe", tree)).toEqual([]);
    }
  });

  it("has no script, event handler, javascript: or external link of the pack's own", () => {
    // the core site's own scripts, on an entry page and on a chapter page (only chapters have the contents' scripts)
    const own = new Set(
      ["condition/hindered", "chapter/conditions-and-states"].flatMap((core) =>
        selectAll("script", page(DIST_DIR, core)).map((script) =>
          JSON.stringify([script.properties.src, toText(script)]),
        ),
      ),
    );
    for (const id of PACK_PAGES) {
      const tree = page(out, id);
      for (const script of selectAll("script", tree))
        expect(own.has(JSON.stringify([script.properties.src, toText(script)])), id).toBe(true);
      for (const element of selectAll("*", tree)) {
        const names = Object.keys(element.properties);
        expect(
          names.filter((name) => /^on/i.test(name)),
          `${id} <${element.tagName}>`,
        ).toEqual([]);
        for (const name of ["href", "src", "action", "formAction"]) {
          const value = String(element.properties[name] ?? "");
          expect(value, `${id} ${name}`).not.toMatch(/^\s*(javascript|data|vbscript):/i);
        }
      }
      const main = select(".sl-markdown-content", tree) as Element;
      for (const link of selectAll("a[href]", main))
        expect(String(link.properties.href), id).toMatch(/^(\/(?![/\\])|#)/);
    }
  });

  it("badges the pack's entries and chapters from the pack's source, and no core page", () => {
    for (const id of PACK_PAGES) {
      const badge = select(".badge--homebrew", page(out, id));
      expect(badge && toText(badge), id).toBe(`Homebrew · "Quoted" & 'Pack' (site test fixture)`);
    }
    expect(select(".badge--homebrew", page(out, "chapter/rolling-dice"))).toBeUndefined();
  });

  it("keeps the pack's chapter title inert in the print book's running heads", () => {
    const tree = page(out, "print/book");
    // the raw text, as the CSS parser gets it (toText would collapse its white space)
    const styles = selectAll("style", tree).map((style) =>
      style.children.map((child) => (child.type === "text" ? child.value : "")).join(""),
    );
    // the title is one CSS string token inside the one running-heads `<style>`, and no element of its own
    const heads = styles.find((style) => style.includes("@top-center"));
    expect(heads).toContain(
      // the running head is the title and the pack's badge, both from the pack and both escaped
      String.raw`content: "Fixture \"Chapter\"; } } body { display: none } @page x { @top-center { content: \" · Homebrew · \"Quoted\" \26  'Pack' (site test fixture)";`,
    );
    // the page's scripts are the core book's own, and the policy allows exactly those, by their hashes
    const texts = (root: Root) =>
      selectAll("script", root).map((script) =>
        script.children.map((child) => (child.type === "text" ? child.value : "")).join(""),
      );
    const scripts = texts(tree);
    expect(scripts).toEqual(texts(page(DIST_DIR, "print/book")));
    expect(scripts.join("\n")).not.toContain("__momentaPwned");
    const hashes = scripts.map(
      (script) => `'sha256-${createHash("sha256").update(script).digest("base64")}'`,
    );
    const policy = select('meta[http-equiv="Content-Security-Policy"]', tree);
    const directive = String(policy?.properties.content)
      .split(/;\s*/)
      .find((part) => part.startsWith("script-src "));
    expect(directive?.split(" ").slice(1).sort()).toEqual(hashes.sort());
  });

  it("runs no script of the pack's on /print/book/ in Chromium, prints its title as the running head", async () => {
    const site = await browseSite(out);
    try {
      const refused: string[] = [];
      const errors: string[] = [];
      const foreign: string[] = [];
      const opened = await site.open("/print/book/", async (tab) => {
        tab.on("console", (message) => {
          if (/Content Security Policy|Refused to/.test(message.text())) refused.push(message.text());
        });
        tab.on("pageerror", (error) => errors.push(error.message));
        tab.on("request", (request) => {
          if (!request.url().startsWith(site.url)) foreign.push(request.url());
        });
      });
      const state = await opened.evaluate(() => ({
        pwned: (window as unknown as { __momentaPwned?: number }).__momentaPwned,
        // the book's own script ran: links between pages became links inside the book
        bookLinks: document.querySelectorAll('section[data-part="chapter"] a[href^="#"]').length,
        heads: [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((rule) => rule.constructor.name === "CSSPageRule")
          .map((rule) => rule.cssText),
        // what the title would do if it ended its string: hide the book, add a page rule of its own
        bodyDisplay: getComputedStyle(document.body).display,
        injected: [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((rule) => (rule as CSSPageRule).selectorText === "x").length,
      }));
      expect(state.pwned).toBeUndefined();
      expect(refused).toEqual([]);
      expect(errors).toEqual([]);
      expect(foreign).toEqual([]);
      expect(state.bookLinks).toBeGreaterThan(100);
      expect(state.bodyDisplay).not.toBe("none");
      expect(state.injected).toBe(0);
      // Chromium's own serialization of the rule it parsed: the title, whole, as the running head's text
      expect(state.heads.join("\n")).toContain(
        `content: "${`${CHAPTER_TITLE} · Homebrew · "Quoted" & 'Pack' (site test fixture)`.replaceAll('"', '\\"')}"`,
      );
    } finally {
      await site.close();
    }
    // a guard for a hung browser: on a loaded machine the book's 160 pages alone take over a minute
  }, 300_000);

  it("runs nothing of the pack's, fetches nothing from another origin and errs on no page it touches, in Chromium", async () => {
    // the pages the pack touches: its own, every page whose main text differs from the core build's (backlinks,
    // catalogs, house rules), the print book and the search page (every page's sidebar lists its chapter, too)
    const main = (dist: string, path: string) => {
      const file = join(dist, path, "index.html");
      if (!existsSync(file)) return undefined;
      const tree = fromHtml(readFileSync(file, "utf8"));
      const content = select(".sl-markdown-content", tree) ?? select("main", tree);
      return content ? toText(content) : "";
    };
    const pages = (dist: string, folder = ""): string[] =>
      readdirSync(join(dist, folder), { withFileTypes: true }).flatMap((item) => {
        const path = join(folder, item.name);
        if (item.isDirectory()) return pages(dist, path);
        return item.name === "index.html" ? [folder] : [];
      });
    const touched = pages(out).filter(
      (path) => PACK_PAGES.includes(path) || main(out, path) !== main(DIST_DIR, path),
    );
    for (const path of ["print/book", ...PACK_PAGES]) if (!touched.includes(path)) touched.push(path);
    expect(touched.length).toBeGreaterThan(PACK_PAGES.length);
    const site = await browseSite(out);
    try {
      const problems: string[] = [];
      for (const path of touched) {
        const opened = await site.open(`/${path ? `${path}/` : ""}`, async (tab) => {
          tab.on("console", (message) => {
            if (/Content Security Policy|Refused to/.test(message.text()))
              problems.push(`${path}: ${message.text()}`);
          });
          tab.on("pageerror", (error) => problems.push(`${path}: ${error.message}`));
          tab.on("request", (request) => {
            if (!request.url().startsWith(site.url)) problems.push(`${path}: fetched ${request.url()}`);
          });
        });
        const shown = await opened.evaluate(() => getComputedStyle(document.body).display);
        if (shown === "none") problems.push(`${path}: the page is hidden`);
        await opened.close();
      }
      expect(problems).toEqual([]);
    } finally {
      await site.close();
    }
    // a guard for a hung browser, not a time bound: dozens of pages on a loaded machine
  }, 600_000);

  it("leaves every core page's links as they are without the pack", async () => {
    const { graph } = load({ root: REPO_DIR });
    const ids = [...graph.entries.keys(), ...graph.chapters.map((chapter) => chapter.id)];
    const hrefs = (dist: string, id: string) => {
      const main = select(".sl-markdown-content", page(dist, id));
      if (!main) return [];
      // lists of referrers may grow by the pack's pages; every other link stays
      for (const list of selectAll("ul.referrers", main)) list.children = [];
      return selectAll("a[href]", main).map((link) => String(link.properties.href));
    };
    const changed = ids.filter((id) => hrefs(DIST_DIR, id).join("\n") !== hrefs(out, id).join("\n"));
    expect(changed).toEqual([]);
    expect(ids.length).toBeGreaterThan(300);
    // two builds' pages parsed: seconds on a quiet machine, minutes on a loaded one
  }, 600_000);
});
