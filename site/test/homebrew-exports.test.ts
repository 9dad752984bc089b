// Homebrew packs flow through the JSON API, the book and the cards with their badge (MOMENTA_PACKS, in process)
import { join } from "node:path";
import { bookParts, cardDecks } from "@momenta/render";
import Ajv from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { apiDocuments } from "../src/lib/api.ts";
import { type ContentGraph, getGraph, packOf } from "../src/lib/content.ts";
import { REPO_DIR } from "./support/build.ts";

let graph: ContentGraph;
let homebrew: string[];
const PACK = { id: "ember-court", name: "The Ember Court (homebrew example)" };

beforeAll(async () => {
  // each test file runs in its own process, so this pack set stays local to this file
  process.env.MOMENTA_PACKS = join(REPO_DIR, "examples/homebrew");
  graph = await getGraph();
  homebrew = [...graph.entries.keys()].filter((id) => packOf(id));
});

describe("a homebrew pack in the exports", () => {
  it("gives each pack entry an API document with its badge, valid against the pack's schema", async () => {
    expect(homebrew).toEqual(
      expect.arrayContaining(["condition/ember-court.smouldering", "weapon/ember-court.cinder-glaive"]),
    );
    const documents = await apiDocuments();
    const ajv = new Ajv({ allErrors: true, strict: false });
    for (const id of homebrew) {
      const document = documents.get(`${id}.json`) as { $schema: string; pack: unknown };
      expect(document.pack, id).toEqual(PACK);
      expect(document.$schema).toMatch(/^\/api\/v1\/schemas\/entry\/pack\//);
      const validate = ajv.compile(documents.get(document.$schema.replace("/api/v1/", "")) as object);
      expect(validate(document), `${id}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    const index = documents.get("index.json") as { entries: { id: string; pack?: unknown }[] };
    expect(index.entries.find((entry) => entry.id === "weapon/ember-court.cinder-glaive")?.pack).toEqual(
      PACK,
    );
    // a core entry has no badge
    expect((documents.get("weapon/dagger.json") as { pack?: unknown }).pack).toBeUndefined();
  });

  it("prints pack entries in the book's catalogs and on cards with their badge", () => {
    const conditions = bookParts(graph).find((part) => part.id === "catalog/condition");
    expect(conditions?.type === "entries" && conditions.entries.map((entry) => entry.id)).toContain(
      "condition/ember-court.smouldering",
    );
    const cards = cardDecks(graph).flatMap((deck) => deck.cards);
    const smouldering = cards.find((card) => card.id === "condition/ember-court.smouldering");
    expect(smouldering).toMatchObject({ name: "Smouldering", pack: PACK.name });
    expect(cards.find((card) => card.id === "weapon/ember-court.cinder-glaive")?.pack).toBe(PACK.name);
    expect(cards.find((card) => card.id === "weapon/dagger")?.pack).toBeUndefined();
  });
});
