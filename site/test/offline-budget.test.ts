// The precache's budget: the variable that sets it, which part each file is in, the order parts are taken in
import { describe, expect, it } from "vitest";
import {
  chooseParts,
  leftOutLine,
  PRECACHE_LIMIT_BYTES,
  type PrecacheFile,
  partOfPage,
  partsOf,
  precacheBudget,
} from "../src/lib/offline-budget.ts";
import { countOf } from "../src/sw/keep.ts";

const file = (url: string, bytes: number): PrecacheFile => ({ url, revision: "r", bytes });

describe("the precache budget", () => {
  it("is 5 MB unless MOMENTA_PRECACHE_BUDGET gives a number of bytes", () => {
    expect(precacheBudget({})).toBe(PRECACHE_LIMIT_BYTES);
    expect(precacheBudget({ MOMENTA_PRECACHE_BUDGET: "" })).toBe(PRECACHE_LIMIT_BYTES);
    expect(precacheBudget({ MOMENTA_PRECACHE_BUDGET: "102400" })).toBe(102400);
    expect(() => precacheBudget({ MOMENTA_PRECACHE_BUDGET: "5MB" })).toThrow(
      /^`MOMENTA_PRECACHE_BUDGET` is `5MB`, not a number of bytes\nhelp: set it to a whole number of bytes/,
    );
    expect(() => precacheBudget({ MOMENTA_PRECACHE_BUDGET: "0" })).toThrow(/not a number of bytes/);
  });

  it("files a page under its catalog, the chapters, a tool or the shell", () => {
    expect(partOfPage("/weapon/mace/")).toBe("weapon");
    expect(partOfPage("/chapter/rolling-dice/")).toBe("chapters");
    expect(partOfPage("/builder/")).toBe("builder");
    expect(partOfPage("/homebrew/")).toBe("shell");
    expect(partOfPage("/")).toBe("shell");
  });

  it("takes the shell, search, chapters, then catalogs and tools smallest first, the names index last", () => {
    const parts = partsOf(
      [
        file("pagefind-ranked/names.json", 10),
        file("weapon/index.html", 50),
        file("glossary/index.html", 20),
        file("builder/index.html", 30),
        file("chapter/a/index.html", 40),
        file("pagefind/pagefind.js", 30),
        file("index.html", 10),
      ],
      (url) =>
        url.startsWith("pagefind-ranked/")
          ? "search-names"
          : url.startsWith("pagefind/")
            ? "search"
            : url === "index.html"
              ? "shell"
              : partOfPage(`/${url.replace(/index\.html$/, "")}`),
    );
    expect(parts.map((part) => part.id)).toEqual([
      "shell",
      "search",
      "chapters",
      "glossary",
      "builder",
      "weapon",
      "search-names",
    ]);
    // a part that does not fit is skipped, and a smaller one after it may still fit
    const { kept, left } = chooseParts(parts, 125, 5);
    expect(kept.map((part) => part.id)).toEqual(["shell", "search", "chapters", "glossary", "search-names"]);
    expect(left.map((part) => part.id)).toEqual(["builder", "weapon"]);
  });
});

describe("counts the reader and the build log read", () => {
  it("says one file, and writes thousands with a separator", () => {
    expect(countOf(1, "file")).toBe("1 file");
    expect(countOf(0, "file")).toBe("0 files");
    expect(countOf(13529, "file")).toBe("13,529 files");
  });

  it("names each part left out with its files and size", () => {
    const part = (id: string, files: number) =>
      partsOf(
        Array.from({ length: files }, (_, n) => file(`${id}/${n}/index.html`, 1024 * 1024)),
        () => id,
      ).find((found) => found.id === id);
    const left = [part("weapon", 1), part("glossary", 1200)].flatMap((found) => (found ? [found] : []));
    expect(leftOutLine(left, 5 * 1024 * 1024)).toBe(
      "offline: left out of the precache to stay within its 5.00 MB budget: 2 parts, 1,201 files, 1201.00 MB — Weapons (1 file, 1.00 MB), Glossary (1,200 files, 1200.00 MB); a reader keeps them offline from /offline/",
    );
  });
});
