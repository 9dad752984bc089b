// `npm run pdf`'s book, read back with pdfjs-dist: every part and entry in order, the outline, the contents' page
// numbers and a sample of internal links landing on the right page

import { type BookPart, bookParts } from "@momenta/render";
import { beforeAll, describe, expect, it } from "vitest";
import { type BookPdf, printBook } from "../../scripts/pdf.ts";
import { type PdfContents, readPdf } from "../../scripts/pdf-read.ts";
import { getGraph } from "../src/lib/content.ts";
import { DIST_DIR, ensureSiteBuilt } from "./support/build.ts";

let book: BookPdf;
let pdf: PdfContents;
let parts: BookPart[];
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

beforeAll(async () => {
  ensureSiteBuilt();
  parts = bookParts(await getGraph());
  book = await printBook(DIST_DIR);
  pdf = await readPdf(book.pdf);
});

describe("the book PDF", () => {
  it("holds every chapter title and entry name, in book order", () => {
    // from the first part on (the contents before it list the parts)
    const text = squash(pdf.text.slice((pdf.outline[0]?.page ?? 1) - 1).join(" "));
    const expected = parts.flatMap((part) => [
      part.title,
      ...(part.type === "entries" ? part.entries.map((entry) => entry.name) : []),
    ]);
    expect(expected.length).toBeGreaterThan(400);
    const lost: string[] = [];
    // each name is found after the one before it
    let at = 0;
    for (const name of expected) {
      const found = text.indexOf(squash(name), at);
      if (found < 0) lost.push(name);
      else at = found;
    }
    expect(lost).toEqual([]);
  });

  it("has an outline of the parts in order, each landing where the contents say", () => {
    expect(pdf.outline.map((item) => item.title)).toEqual(parts.map((part) => part.title));
    const pages = pdf.outline.map((item) => item.page);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(pages).toEqual(parts.map((part) => book.contents.get(part.id)));
    // the printed contents say the same numbers
    const contents = squash(pdf.text.slice(0, (pages[0] ?? 1) - 1).join(" "));
    for (const part of parts.slice(0, 5))
      expect(contents).toContain(`${part.title} ${book.contents.get(part.id)}`);
  });

  it("has running heads, page numbers, and internal links that land on their target's page", () => {
    // page 40 is inside a part: its first line is that part's title, its last its number
    const page = 40;
    const part = [...parts].reverse().find((candidate) => (book.contents.get(candidate.id) ?? 0) <= page);
    const runs = (pdf.items[page - 1] ?? []).filter((run) => run.str.trim() !== "");
    const top = [...runs].sort((a, b) => b.y - a.y)[0];
    const bottom = [...runs].sort((a, b) => a.y - b.y)[0];
    expect(top?.str).toBe(part?.title);
    expect(bottom?.str).toBe(String(page));

    const names = new Set(
      parts.flatMap((each) => (each.type === "entries" ? each.entries.map((entry) => entry.name) : [])),
    );
    let checked = 0;
    const wrong: string[] = [];
    for (const link of pdf.links) {
      if (link.from < (pdf.outline[0]?.page ?? 0)) continue; // the contents
      // the link's words: the text runs inside its rectangle
      const [x1, y1, x2, y2] = link.rect as [number, number, number, number];
      const words = squash(
        (pdf.items[link.from - 1] ?? [])
          .filter((run) => run.x >= x1 - 1 && run.x < x2 && run.y >= y1 - 2 && run.y <= y2)
          .map((run) => run.str)
          .join(" "),
      );
      if (!names.has(words)) continue;
      checked++;
      if (!(pdf.text[link.to - 1] ?? "").includes(words))
        wrong.push(`${words}: page ${link.from} → ${link.to}`);
      if (checked >= 60) break;
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    expect(wrong).toEqual([]);
  });

  it("keeps stat blocks whole: every page of a catalog after its first begins with an entry's name", () => {
    const starts = parts.map((part) => book.contents.get(part.id) ?? 0);
    const split: string[] = [];
    let checked = 0;
    parts.forEach((part, index) => {
      if (part.type !== "entries") return;
      const names = new Set(part.entries.map((entry) => entry.name));
      const end = (starts[index + 1] ?? pdf.pages + 1) - 1;
      for (let page = (starts[index] ?? 0) + 1; page <= end; page++) {
        // the first line is the running head; the next begins the page's first stat block (or its homebrew badge)
        const lines = (pdf.items[page - 1] ?? [])
          .filter((run) => run.str.trim() !== "")
          .sort((a, b) => b.y - a.y);
        const first = lines[1]?.str ?? "";
        checked++;
        if (!names.has(first) && !first.startsWith("Homebrew ·"))
          split.push(`page ${page} (${part.title}): ${first}`);
      }
    });
    expect(checked).toBeGreaterThan(20);
    expect(split).toEqual([]);
  });

  it("is a book-sized PDF", () => {
    expect(pdf.pages).toBeGreaterThan(100);
    expect(book.pdf.length).toBeLessThan(30 * 1024 * 1024);
  });
});
