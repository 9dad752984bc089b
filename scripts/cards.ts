// `npm run cards`: one PDF per card deck from /print/cards/<deck>/ with Chromium → out/cards/<deck>.pdf (A4; --letter)
import { readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { builtSite, runPrint, withServedSite } from "./print-site.ts";

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const CARDS_OUT = join(REPO, "out/cards");

/** What the fitted cards of a page measure (runs in the page): a card overflows when its text does not fit. */
export function measureCards(cards: Element[]): Omit<PrintedDeck, "deck" | "pdf"> {
  // no named inner functions: the page receives this function's text (a bundler's name helper would not exist there)
  return {
    cards: cards.length,
    ids: [...new Set(cards.map((card) => (card as HTMLElement).dataset.card ?? ""))],
    overflowing: cards
      .filter((card) => {
        const body = card.querySelector(".card__body");
        return (
          (card as HTMLElement).dataset.overflow === "true" ||
          card.scrollHeight > card.clientHeight + 1 ||
          !body ||
          body.scrollHeight > body.clientHeight + 1
        );
      })
      .map((card) => card.querySelector(".card__name")?.textContent ?? ""),
    smallest: Math.min(
      ...cards.map((card) =>
        Number.parseFloat((card.querySelector(".card__body") as HTMLElement).style.fontSize),
      ),
    ),
  };
}

export interface PrintedDeck {
  deck: string;
  /** Cards printed. */
  cards: number;
  /** The entries (or combinations) the cards show, each once. */
  ids: string[];
  /** Cards whose text does not fit even at the smallest size, by name. */
  overflowing: string[];
  /** Smallest text size a card needed, in points. */
  smallest: number;
  pdf: Uint8Array;
}

/** Prints every deck the site built (`<dist>/print/cards/*`), or `only` those, on A4 or Letter sheets. */
export async function printDecks(
  dist: string,
  paper: "A4" | "Letter" = "A4",
  only?: readonly string[],
): Promise<PrintedDeck[]> {
  const decks = readdirSync(join(dist, "print/cards"))
    .filter((deck) => !only || only.includes(deck))
    .sort();
  return withServedSite(
    dist,
    async (context, url) => {
      const printed: PrintedDeck[] = [];
      for (const deck of decks) {
        const page = await context.newPage();
        await page.goto(`${url}/print/cards/${deck}/`, { waitUntil: "load" });
        await page.waitForSelector("html[data-fitted]");
        if (paper === "Letter")
          await page.evaluate(() => (document.documentElement.dataset.paper = "letter"));
        const state = await page.$$eval(".card", measureCards);
        const pdf = await page.pdf({
          format: paper,
          margin: { top: 0, right: 0, bottom: 0, left: 0 },
          printBackground: true,
        });
        printed.push({ deck, ...state, pdf });
        await page.close();
      }
      return printed;
    },
    "momenta-cards-",
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runPrint(async () => {
    const dist = builtSite(process.argv);
    const { writeFileAtomicSync } = await import("@momenta/cli");
    const paper = process.argv.includes("--letter") ? "Letter" : "A4";
    let failed = false;
    for (const deck of await printDecks(dist, paper)) {
      const sheets = Math.ceil(deck.cards / 9);
      const file = join(CARDS_OUT, `${deck.deck}${paper === "Letter" ? "-letter" : ""}.pdf`);
      writeFileAtomicSync(file, deck.pdf, { within: REPO, createFolders: true });
      console.log(
        `wrote ${file.slice(REPO.length + 1)}: ${deck.cards} cards on ${sheets} sheet${sheets === 1 ? "" : "s"}`,
      );
      if (deck.overflowing.length > 0) {
        failed = true;
        console.error(`error: ${deck.overflowing.length} cards do not fit: ${deck.overflowing.join(", ")}`);
      }
    }
    if (failed) process.exitCode = 1;
  });
}
