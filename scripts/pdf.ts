// `npm run pdf`: the book as one PDF from the site's print page (/print/book/) with Chromium's page.pdf → out/momenta-rules.pdf
import { mkdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type PdfOutlineItem, readPdf } from "./pdf-read.ts";
import { builtSite, printTimeoutMs, runPrint, withServedSite } from "./print-site.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const PDF_OUT = join(REPO, "out/momenta-rules.pdf");

export interface BookPdf {
  pdf: Uint8Array;
  pages: number;
  /** The contents' page number of each part, by part id, as printed. */
  contents: Map<string, number>;
  passes: number;
}

/** Which page each top-level outline item (a part's h1) starts on, in book order. */
function partPages(outline: PdfOutlineItem[]): number[] {
  return outline.map((item) => item.page);
}

/**
 * Prints `<site>/print/book/` with Chromium. Page margin boxes (running heads, page numbers) and named pages are
 * native CSS in Chromium 131+; the contents' page numbers come from the PDF itself: print, read where each part's
 * outline entry lands, write those numbers into the contents (fixed-width, so nothing moves) and print again.
 */
export async function printBook(dist: string, timeoutMs = printTimeoutMs()): Promise<BookPdf> {
  return withServedSite(
    dist,
    async (context, url) => {
      const page = await context.newPage();
      await page.goto(`${url}/print/book/`, { waitUntil: "load" });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const ids = await page.$$eval("section.book-part", (sections) => sections.map((section) => section.id));
      let printed = new Map<string, number>();
      for (let pass = 1; pass <= 3; pass++) {
        const pdf = await page.pdf({
          preferCSSPageSize: true,
          printBackground: true,
          outline: true,
          tagged: true,
        });
        const read = await readPdf(pdf, { text: false });
        const starts = partPages(read.outline);
        if (starts.length !== ids.length)
          throw new Error(`the PDF outline has ${starts.length} parts, the book ${ids.length}`);
        const actual = new Map(ids.map((id, index) => [id, starts[index] as number]));
        if ([...actual].every(([id, number]) => printed.get(id) === number))
          return { pdf, pages: read.pages, contents: actual, passes: pass };
        printed = actual;
        await page.evaluate(
          (numbers) => {
            for (const [id, number] of numbers) {
              const cell = document.querySelector(`[data-toc-page="${CSS.escape(id)}"]`);
              if (!(cell instanceof HTMLElement)) continue;
              cell.textContent = String(number);
              cell.dataset.filled = "";
            }
          },
          [...actual],
        );
      }
      throw new Error("the contents' page numbers did not settle in three passes");
    },
    "momenta-pdf-",
    timeoutMs,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runPrint(async () => {
    const started = performance.now();
    const dist = builtSite(process.argv);
    const printing = performance.now();
    const book = await printBook(dist);
    mkdirSync(dirname(PDF_OUT), { recursive: true });
    const { writeFileAtomicSync } = await import("@momenta/cli");
    writeFileAtomicSync(PDF_OUT, book.pdf, { within: REPO, createFolders: true });
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `wrote ${PDF_OUT.slice(REPO.length + 1)}: ${book.pages} pages, ${(statSync(PDF_OUT).size / 1024 / 1024).toFixed(1)} MB, ` +
        `${book.passes} passes in ${seconds(performance.now() - printing)} (total ${seconds(performance.now() - started)})`,
    );
  });
}
