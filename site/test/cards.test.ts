// Printable cards: every deck's cards fit their 63 × 88 mm fronts, one card per entry, nine to an A4 sheet

import { cardDecks, type Deck } from "@momenta/render";
import { beforeAll, describe, expect, it } from "vitest";
import { measureCards, type PrintedDeck, printDecks } from "../../scripts/cards.ts";
import { readPdf } from "../../scripts/pdf-read.ts";
import { withServedSite } from "../../scripts/print-site.ts";
import { getGraph } from "../src/lib/content.ts";
import { DIST_DIR, ensureSiteBuilt } from "./support/build.ts";

let printed: PrintedDeck[];
/** Page sizes in points, within a point (Chromium rounds A4's 595.28 × 841.89 up). */
const near = (size: number[], expected: number[]) =>
  size.every((value, index) => Math.abs(value - (expected[index] ?? 0)) <= 1);
let decks: Deck[];

beforeAll(async () => {
  ensureSiteBuilt();
  decks = cardDecks(await getGraph());
  printed = await printDecks(DIST_DIR);
});

describe("card decks", () => {
  it("prints the five decks, a card for every entry (and every castable Art × Resonance)", () => {
    expect(printed.map((deck) => deck.deck).sort()).toEqual(
      ["conditions", "limit-breaks", "maneuvers", "repertoire", "weapons"].sort(),
    );
    for (const deck of decks) {
      const out = printed.find((candidate) => candidate.deck === deck.id);
      expect(out?.ids, deck.id).toEqual(deck.cards.map((card) => card.id));
      expect(deck.cards.length, deck.id).toBeGreaterThan(5);
    }
    const repertoire = decks.find((deck) => deck.id === "repertoire");
    expect(repertoire?.cards.map((card) => card.name)).toContain("Afflict · Ignis");
  });

  it("fits every card's text on its card", () => {
    for (const deck of printed) expect(deck.overflowing, deck.deck).toEqual([]);
    for (const deck of printed) expect(deck.smallest, deck.deck).toBeGreaterThanOrEqual(6);
  });

  it("puts nine cards on each A4 sheet, or each Letter sheet", async () => {
    for (const deck of printed) {
      const pdf = await readPdf(deck.pdf, { text: false });
      expect(pdf.pages, deck.deck).toBe(Math.ceil(deck.cards / 9));
      expect(near(pdf.pageSize, [595, 842]), `${deck.deck}: ${pdf.pageSize}`).toBe(true);
    }
    const [letter] = await printDecks(DIST_DIR, "Letter", ["weapons"]);
    const pdf = await readPdf(letter?.pdf ?? new Uint8Array(), { text: false });
    expect(near(pdf.pageSize, [612, 792]), `letter: ${pdf.pageSize}`).toBe(true);
    expect(pdf.pages).toBe(Math.ceil((letter?.cards ?? 0) / 9));
    expect(letter?.overflowing).toEqual([]);
  }, 120_000);

  it("reports a card whose text does not fit", async () => {
    await withServedSite(
      DIST_DIR,
      async (context, url) => {
        const page = await context.newPage();
        await page.goto(`${url}/print/cards/conditions/`);
        await page.waitForSelector("html[data-fitted]");
        expect((await page.$$eval(".card", measureCards)).overflowing).toEqual([]);
        await page.evaluate(() => {
          const body = document.querySelector(".card__body");
          body?.append(Object.assign(document.createElement("p"), { textContent: "too long ".repeat(400) }));
        });
        const name = await page.$eval(".card__name", (element) => element.textContent);
        expect((await page.$$eval(".card", measureCards)).overflowing).toEqual([name]);
      },
      "momenta-cards-test-",
    );
  }, 120_000);
});
