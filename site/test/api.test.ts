// The built site's JSON API (/api/v1/): every entry and chapter has its document, valid against the schema it names
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "@momenta/content";
import Ajv from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";

type Doc = Record<string, unknown> & { $schema: string };
/** A file the site serves at `path` (an absolute URL path). */
const served = (path: string) => join(DIST_DIR, path);
const read = (path: string) => JSON.parse(readFileSync(served(path), "utf8")) as Doc;

describe("the built JSON API", () => {
  beforeAll(() => ensureSiteBuilt());

  it("serves a document for every entry and chapter, each valid against its published schema", async () => {
    const { graph } = load({ root: REPO_DIR });
    const ids = [...graph.entries.keys(), ...graph.chapters.map((chapter) => chapter.id)];
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validators = new Map<string, ReturnType<Ajv["compile"]>>();
    const problems: string[] = [];
    for (const path of [
      "/api/v1/index.json",
      "/api/v1/chapter.json",
      ...ids.map((id) => `/api/v1/${id}.json`),
    ]) {
      if (!existsSync(served(path))) {
        problems.push(`${path}: not served`);
        continue;
      }
      const document = read(path);
      let validate = validators.get(document.$schema);
      if (!validate) {
        validate = ajv.compile(read(document.$schema));
        validators.set(document.$schema, validate);
      }
      if (!validate(document)) problems.push(`${path}: ${ajv.errorsText(validate.errors)}`);
      // the page it names exists
      if (typeof document.url === "string" && !existsSync(join(DIST_DIR, document.url, "index.html")))
        problems.push(`${path}: page ${document.url} missing`);
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(validators.size).toBeGreaterThan(10);
  });

  it("lists each kind's entries, and every resolved reference names a document that is served", () => {
    const index = read("/api/v1/index.json") as unknown as {
      kinds: { kind: string; count: number; document: string }[];
    };
    const weapons = index.kinds.find((kind) => kind.kind === "weapon");
    expect(weapons?.document).toBe("/api/v1/weapon.json");
    const list = read("/api/v1/weapon.json") as unknown as { entries: { id: string; document: string }[] };
    expect(list.entries).toHaveLength(weapons?.count ?? -1);
    expect(list.entries.map((entry) => entry.id)).toContain("weapon/dagger");
    for (const entry of list.entries) {
      const document = read(entry.document) as unknown as {
        references: { target: { document: string } | null }[];
      };
      for (const reference of document.references)
        if (reference.target) expect(existsSync(served(reference.target.document))).toBe(true);
    }
  });

  it("answers an alias with the entry's id and document", () => {
    expect(read("/api/v1/glossary/shift.json")).toMatchObject({
      alias: "Shift",
      id: "glossary/move-shift",
      document: "/api/v1/glossary/move-shift.json",
    });
  });
});
