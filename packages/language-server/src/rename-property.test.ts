// Property: a rename followed by lint never moves a link silently — the server's rename moves none, a hand rename is said
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Chapter, ContentGraph, Diagnostic, Entry, ResolvedReference } from "@momenta/content";
import { IncrementalLint, type LintResult } from "@momenta/lint";
import fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import { applyOffsetEdits, isRefusal, planRename } from "./rename.ts";
import { REPO } from "./testing/client.ts";

/** One link: where it is (file, line, column) and what it opens (an id, or why it opens nothing). */
interface Link {
  file: string;
  line: number;
  column: number;
  name: string;
  opens: string;
}

function linksOf(graph: ContentGraph): Link[] {
  const links: Link[] = [];
  const visit = (use: ResolvedReference, owner: Entry | Chapter) => {
    const source = graph.source(owner.file);
    if (!source) return;
    const at =
      owner.kind === "chapter"
        ? { start: use.start, end: use.end }
        : source.locateInString(use.path, use.start, use.end);
    const { line, column } = source.lines.range(at.start, at.end);
    const { resolution } = use;
    const opens = resolution.ok ? resolution.target.id : `(${resolution.reason})`;
    links.push({ file: owner.file, line, column, name: use.reference.name, opens });
  };
  graph.forEachReference(visit);
  return links.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
}

let lint: IncrementalLint;
let before: LintResult;
let baseline: Link[];
beforeAll(() => {
  lint = new IncrementalLint({ root: REPO });
  before = lint.current;
  baseline = linksOf(before.graph);
});

/** Entries with links to them (conditions, maneuvers, tags …), the ones whose rename matters. */
const targets = () =>
  fc.constantFrom(
    ...[...before.graph.entries.values()]
      .filter((entry) => !entry.pack && before.graph.referrers(entry.id).length > 0)
      .map((entry) => entry.id)
      .sort(),
  );
const entry = (id: string) => before.graph.entries.get(id) as Entry;
/** New names: every other entry's and chapter's name (taken ones), spellings with quotes, and fresh words. */
const names = () => {
  const taken = [...before.graph.entries.values()].map((entry) => entry.name).sort();
  const fresh = fc.stringMatching(/^[A-Z][a-z]{2,8}( [A-Z][a-z]{2,8})?$/);
  const quoted = fresh.map((word) => `${word} "Quick"`);
  return fc.oneof(fc.constantFrom(...taken), fresh, quoted);
};

/** Lint the texts in memory, run `check`, then give the disk's texts back to the linter. */
function withTexts<T>(texts: Map<string, string>, check: (result: LintResult) => T): T {
  const changes = [...texts].map(([file, text]) => ({ file, text }));
  try {
    return check(lint.update(changes));
  } finally {
    lint.update(changes.map(({ file }) => ({ file })));
  }
}

const textOf = (file: string) => readFileSync(join(REPO, file), "utf8");

it("the server's rename either refuses or leaves every link on the entry it opened", () => {
  fc.assert(
    fc.property(targets(), names(), (id, name) => {
      const target = entry(id);
      const plan = planRename(before.graph, target, name);
      if (isRefusal(plan)) return;
      const texts = new Map<string, string>();
      for (const [file, edits] of plan.edits) texts.set(file, applyOffsetEdits(textOf(file), edits));
      withTexts(texts, (after) => {
        // same links, same targets, in the same files (positions shift only where a line got longer)
        const opens = (links: Link[]) => links.map((link) => `${link.file} ${link.opens}`);
        expect(opens(linksOf(after.graph))).toEqual(opens(baseline));
        // and every JSON file it wrote still parses: no diagnostic of the parse rule
        expect(after.diagnostics.filter((d) => d.ruleId === "parse")).toEqual([]);
      });
    }),
    { numRuns: 25, seed: 25 },
  );
});

it("a rename from an alias keeps every link on its entry and rewrites only the links written with that alias", () => {
  const aliased = [...before.graph.entries.values()]
    .filter((entry) => !entry.pack && entry.aliases.length > 0 && before.graph.referrers(entry.id).length > 0)
    .map((entry) => entry.id)
    .sort();
  expect(aliased.length).toBeGreaterThan(0);
  fc.assert(
    fc.property(fc.constantFrom(...aliased), fc.nat(), names(), (id, pick, name) => {
      const target = entry(id);
      const alias = target.aliases[pick % target.aliases.length] as string;
      const plan = planRename(before.graph, target, name, alias);
      if (isRefusal(plan)) return;
      const texts = new Map<string, string>();
      for (const [file, edits] of plan.edits) texts.set(file, applyOffsetEdits(textOf(file), edits));
      withTexts(texts, (after) => {
        const opens = (links: Link[]) => links.map((link) => `${link.file} ${link.opens}`);
        expect(opens(linksOf(after.graph))).toEqual(opens(baseline));
        expect(after.diagnostics.filter((d) => d.ruleId === "parse")).toEqual([]);
        // a link to the entry changes its name only where it was written with the alias
        const written = (links: Link[]) =>
          links.filter((link) => link.opens === id).map((link) => `${link.file} ${link.name}`);
        const expected = written(baseline).map((at) =>
          at.toLowerCase().endsWith(` ${alias.toLowerCase()}`)
            ? `${at.slice(0, -alias.length)}${name.trim()}`
            : at,
        );
        expect(written(linksOf(after.graph)).sort()).toEqual(expected.sort());
      });
    }),
    { numRuns: 25, seed: 11 },
  );
});

it("a rename by hand (only `name` changed) moves no link without a diagnostic that says so", () => {
  fc.assert(
    fc.property(targets(), names(), (id, name) => {
      const target = entry(id);
      if (name.trim() === target.name) return;
      const source = before.graph.source(target.file);
      if (!source) return;
      const at = source.locate(["name"]);
      const text = source.text.slice(0, at.start) + JSON.stringify(name) + source.text.slice(at.end);
      withTexts(new Map([[target.file, text]]), (after) => {
        const moved = linksOf(after.graph).filter((link, index) => link.opens !== baseline[index]?.opens);
        const at = (link: Link) => (place: { file: string; line: number; column: number }) =>
          place.file === link.file && place.line === link.line && place.column === link.column;
        // an error at the link, a note at it under the rename's one error, or that error counting the name's links
        const said = (link: Link) =>
          after.diagnostics.some(
            (d: Diagnostic) =>
              at(link)(d) ||
              d.related.some(at(link)) ||
              ((d.ruleId === "shadowed-terms" ||
                d.messageId === "name-taken" ||
                d.messageId === "name-clash") &&
                d.message.includes(`\`[[${link.name}]]\``)),
          );
        expect(moved.filter((link) => !said(link))).toEqual([]);
      });
    }),
    { numRuns: 25, seed: 7 },
  );
});
