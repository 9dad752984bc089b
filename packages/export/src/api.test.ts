// The JSON API built from the real content: every entry and chapter has a document that validates against its schema
import { join, resolve } from "node:path";
import type { ContentGraph } from "@momenta/content";
import { load } from "@momenta/content";
import { MOMENTA_RULES_VERSION } from "@momenta/schema";
import Ajv from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApi } from "./api.ts";
import { readFieldSchemas } from "./api-schemas.ts";

const REPO = resolve(import.meta.dirname, "../../..");
let graph: ContentGraph;
let api: Map<string, unknown>;

beforeAll(() => {
  graph = load({ root: REPO }).graph;
  api = buildApi(graph, {
    urlOf: (id, anchor) => `/${id}/${anchor ? `#${anchor}` : ""}`,
    rulesVersion: MOMENTA_RULES_VERSION,
    fieldSchemas: readFieldSchemas(join(REPO, "packages/schema/json-schema")),
  });
});

type Doc = Record<string, unknown> & { $schema: string };
const doc = (path: string) => api.get(path) as Doc;

describe("the JSON API", () => {
  it("has a document for every entry and chapter, each valid against the schema it names", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validators = new Map<string, ReturnType<Ajv["compile"]>>();
    const failures: string[] = [];
    const paths = [
      "index.json",
      "chapter.json",
      ...[...graph.entries.keys()].map((id) => `${id}.json`),
      ...graph.chapters.map((chapter) => `${chapter.id}.json`),
      ...new Set([...graph.entries.values()].map((entry) => `${entry.kind}.json`)),
      ...[...api.keys()].filter((path) => (api.get(path) as Doc).alias !== undefined),
    ];
    expect(paths.length).toBeGreaterThan(graph.entries.size + graph.chapters.length);
    for (const path of paths) {
      const document = doc(path);
      expect(document, path).toBeDefined();
      const schemaPath = document.$schema.replace(/^\/api\/v1\//, "");
      let validate = validators.get(schemaPath);
      if (!validate) {
        validate = ajv.compile(api.get(schemaPath) as object);
        validators.set(schemaPath, validate);
      }
      if (!validate(document)) failures.push(`${path}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
    // and the schemas hold: a weapon of an unknown weight class, or with a stray field, is refused
    const dagger = doc("weapon/dagger.json") as Doc & { fields: Record<string, unknown> };
    const validate = validators.get("schemas/entry/weapon.schema.json");
    expect(validate?.({ ...dagger, fields: { ...dagger.fields, weightClass: "Enormous" } })).toBe(false);
    expect(validate?.({ ...dagger, extra: 1 })).toBe(false);
  });

  it("lists every entry in the index with its page and document", () => {
    const index = doc("index.json") as unknown as {
      entries: { id: string; url: string; document: string }[];
    };
    expect(index.entries).toHaveLength(graph.entries.size);
    expect(index.entries.find((entry) => entry.id === "weapon/dagger")).toMatchObject({
      url: "/weapon/dagger/",
      document: "/api/v1/weapon/dagger.json",
    });
  });

  it("resolves an entry's references to target ids, pages and documents", () => {
    const dagger = doc("weapon/dagger.json") as unknown as {
      fields: Record<string, unknown>;
      references: { raw: string; field: string; target: { id: string; url: string } }[];
    };
    expect(dagger.fields.damage).toEqual({ "0s": 1, "1s": 4, "2s": 8, "3+": 12 });
    expect(dagger.references).toContainEqual(
      expect.objectContaining({
        raw: "[[Piercing]]",
        field: "special",
        target: expect.objectContaining({ id: "damage-type/piercing", url: "/damage-type/piercing/" }),
      }),
    );
  });

  it("gives chapters their text with references located in it", () => {
    const chapter = doc("chapter/momentum.json") as unknown as {
      markdown: string;
      references: { raw: string; start: number; end: number; target: { id: string } | null }[];
    };
    expect(chapter.markdown).toContain("Momentum is a pooled resource");
    expect(chapter.references.length).toBeGreaterThan(0);
    for (const reference of chapter.references)
      expect(chapter.markdown.slice(reference.start, reference.end)).toBe(reference.raw);
  });

  it("answers an alias at the document path its name would have, with the entry's id", () => {
    expect(doc("glossary/shift.json")).toMatchObject({
      alias: "Shift",
      id: "glossary/move-shift",
      document: "/api/v1/glossary/move-shift.json",
    });
  });
});

describe("the JSON API with a house-rules pack", () => {
  let patchedApi: Map<string, unknown>;
  let packGraph: ContentGraph;
  beforeAll(() => {
    const pack = load({
      roots: [
        join(REPO, "packages/lint/test/fixtures/patch-packs/house-rules"),
        // a pack whose chapter files itself first in the Prologue (order 0)
        join(REPO, "site/test/fixtures/hostile-packs/impersonation"),
      ],
      pack: { cwd: REPO },
      dependencies: [load({ root: REPO })],
    });
    expect(pack.diagnostics).toEqual([]);
    packGraph = pack.graph;
    const names = new Map(pack.packs.map((loaded) => [loaded.id, loaded.manifest?.name]));
    patchedApi = buildApi(pack.graph, {
      urlOf: (id, anchor) => `/${id}/${anchor ? `#${anchor}` : ""}`,
      rulesVersion: MOMENTA_RULES_VERSION,
      fieldSchemas: readFieldSchemas(join(REPO, "packages/schema/json-schema")),
      packName: (id) => names.get(id),
      packOf: (id) => {
        const from = pack.graph.get(id)?.pack;
        return from ? { id: from, name: names.get(from) ?? from } : undefined;
      },
    });
  });
  const patched = (path: string) => patchedApi.get(path) as Doc;
  const mark = [
    { pack: { id: "house-rules", name: "house-rules (test fixture)" }, fields: ["/damage/3+", "/effect/3+"] },
  ];

  it("marks a patched core entry as a house rule naming its pack and the fields it changes, in its document and lists", () => {
    const dagger = patched("weapon/dagger.json") as Doc & { fields: { damage: Record<string, number> } };
    expect(dagger.houseRules).toEqual(mark);
    expect(dagger.fields.damage["3+"]).toBe(13);
    // the mark is not a homebrew badge: the entry is core, changed by the pack
    expect(dagger.pack).toBeUndefined();
    const listed = (path: string) =>
      (patched(path) as unknown as { entries: { id: string; houseRules?: unknown }[] }).entries.find(
        (entry) => entry.id === "weapon/dagger",
      );
    expect(listed("index.json")?.houseRules).toEqual(mark);
    expect(listed("weapon.json")?.houseRules).toEqual(mark);
    // an entry no pack patches has no mark, anywhere
    expect(patched("weapon/longsword.json").houseRules).toBeUndefined();
    expect(doc("weapon/dagger.json").houseRules).toBeUndefined();
  });

  it("lists the core's chapters in reading order, then each pack's, badged", () => {
    for (const path of ["index.json", "chapter.json"]) {
      const listed = (patched(path) as unknown as { chapters: { id: string; pack?: { id: string } }[] })
        .chapters;
      const first = listed.findIndex((chapter) => chapter.pack);
      expect(listed[0]?.id, path).toBe("chapter/what-is-momenta");
      expect(
        listed.slice(first).map((chapter) => [chapter.id, chapter.pack?.id]),
        path,
      ).toEqual([
        ["chapter/impersonation.official-errata", "impersonation"],
        ["chapter/impersonation.catalog-weapon-errata", "impersonation"],
      ]);
      expect(listed.length, path).toBe(packGraph.chapters.length);
    }
  });

  it("documents the mark in the schemas: a patched document validates, a mark without its pack or fields does not", () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validate = ajv.compile(patchedApi.get("schemas/entry/weapon.schema.json") as object);
    const dagger = patched("weapon/dagger.json");
    expect(validate(dagger), ajv.errorsText(validate.errors)).toBe(true);
    for (const wrong of [[{ fields: ["/damage"] }], [{ pack: mark[0]?.pack, fields: [] }], []])
      expect(validate({ ...dagger, houseRules: wrong }), JSON.stringify(wrong)).toBe(false);
    for (const path of ["index.json", "weapon.json", "condition/wracked.json", "art/mend.json"]) {
      const document = patched(path);
      const check = ajv.compile(patchedApi.get(document.$schema.replace(/^\/api\/v1\//, "")) as object);
      expect(check(document), `${path}: ${ajv.errorsText(check.errors)}`).toBe(true);
    }
  });
});
