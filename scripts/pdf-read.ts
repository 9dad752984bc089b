// Reads a PDF with pdfjs-dist: page count, outline with page numbers, each page's text and internal links
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfOutlineItem {
  title: string;
  /** 1-based page the item lands on. */
  page: number;
  items: PdfOutlineItem[];
}

export interface PdfLink {
  /** 1-based page the link is on and the page it lands on. */
  from: number;
  to: number;
  /** [x1, y1, x2, y2] in PDF units on `from`. */
  rect: number[];
}

/** A run of text and where it starts on its page (PDF units, origin bottom left). */
export interface PdfTextItem {
  str: string;
  x: number;
  y: number;
}

export interface PdfContents {
  pages: number;
  /** The first page's [width, height] in points (A4 is 595 × 842, Letter 612 × 792). */
  pageSize: [number, number];
  outline: PdfOutlineItem[];
  /** Each page's text (when asked for), items joined by spaces. */
  text: string[];
  /** Each page's text runs with their positions (when asked for). */
  items: PdfTextItem[][];
  links: PdfLink[];
}

type Destination = string | unknown[] | null;

export async function readPdf(
  data: Uint8Array,
  options: { text: boolean } = { text: true },
): Promise<PdfContents> {
  const document = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  try {
    const pageOf = async (destination: Destination): Promise<number> => {
      const explicit =
        typeof destination === "string" ? await document.getDestination(destination) : destination;
      if (!explicit?.[0]) return 0;
      return (await document.getPageIndex(explicit[0] as { num: number; gen: number })) + 1;
    };
    const outlineOf = async (items: { title: string; dest: Destination; items: unknown[] }[] | null) => {
      const out: PdfOutlineItem[] = [];
      for (const item of items ?? [])
        out.push({
          title: item.title,
          page: await pageOf(item.dest),
          items: await outlineOf(item.items as never),
        });
      return out;
    };
    const outline = await outlineOf((await document.getOutline()) as never);
    const [x1, y1, x2, y2] = (await document.getPage(1)).view as [number, number, number, number];
    const text: string[] = [];
    const items: PdfTextItem[][] = [];
    const links: PdfLink[] = [];
    if (options.text) {
      for (let number = 1; number <= document.numPages; number++) {
        const page = await document.getPage(number);
        const content = await page.getTextContent();
        const runs = content.items.flatMap((item) =>
          "str" in item
            ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number }]
            : [],
        );
        items.push(runs);
        text.push(
          runs
            .map((run) => run.str)
            .join(" ")
            .replace(/\s+/g, " "),
        );
        for (const annotation of await page.getAnnotations())
          if (annotation.subtype === "Link" && annotation.dest)
            links.push({ from: number, to: await pageOf(annotation.dest), rect: annotation.rect });
        page.cleanup();
      }
    }
    return {
      pages: document.numPages,
      pageSize: [Math.round(x2 - x1), Math.round(y2 - y1)],
      outline,
      text,
      items,
      links,
    };
  } finally {
    await document.destroy();
  }
}
