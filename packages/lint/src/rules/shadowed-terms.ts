// Rule `shadowed-terms`: a `[[Name]]` means one thing — said aloud when a name takes links from a glossary term

import type { Chapter, ContentGraph, Entry, Referrer, RelatedLocation } from "@momenta/content";
import { defineRule, docsUrl, entrySlug, KNOCK_ON, nameKey, unloadedFiles } from "@momenta/content";
import { type KindDefinition, kindByFolder } from "@momenta/schema";
import { knockOn } from "./util.ts";

/** Most link locations one diagnostic lists (the count says how many there are). */
const MAX_RELATED = 20;

/** An entry's or chapter's source chapter ("22", "A"), if it has one. */
function chapterOf(target: Entry | Chapter): string | undefined {
  if (target.kind === "chapter") return (target as Chapter).frontmatter.chapter;
  const source = (target as Entry).data.source as { chapter?: unknown } | undefined;
  return typeof source?.chapter === "string" ? source.chapter : undefined;
}

/**
 * Does the glossary term name this entry? The term points to the chapter that defines it: the entry's own chapter,
 * a chapter that lists the entry's kind (Appendix A lists every tag), or — for an entry of another book — a chapter
 * with a heading of that name (chapter 11's "Unarmed Attack"). Anything else is another concept of the same name.
 */
function termNames(term: Entry, target: Entry | Chapter, byNumber: ReadonlyMap<string, Chapter>): boolean {
  const number = (term.data.chapter as { number?: unknown } | undefined)?.number;
  if (typeof number !== "string") return true; // the schema rule reports the term; no second guess here
  const own = chapterOf(target);
  if (own === number) return true;
  // an entry that failed its schema without a readable `source`: the schema rule's error, not a guess at a shadow
  if (own === undefined && target.kind !== "chapter" && !(target as Entry).valid) return true;
  const chapter = byNumber.get(number);
  if (!chapter || target.kind === "chapter") return false;
  const listsKind =
    chapter.components.some((use) => use.attributes.kind === target.kind) ||
    (chapter.frontmatter.catalog?.kinds ?? []).includes(target.kind);
  if (listsKind) return true;
  const key = nameKey((target as Entry).name);
  return own === undefined && chapter.headings.some((heading) => nameKey(heading.text) === key);
}

/** Unqualified `[[name…]]` uses that resolve to `target` by this name. */
function linksByName(graph: ContentGraph, target: Entry | Chapter, name: string): Referrer[] {
  const key = nameKey(name);
  return graph
    .referrers(target.id)
    .filter(
      (use) =>
        use.reference.kind === undefined &&
        (nameKey(use.reference.target) === key || nameKey(use.reference.name) === key),
    );
}

function relatedOf(links: readonly Referrer[], message: string): RelatedLocation[] {
  return links.slice(0, MAX_RELATED).map((link) => ({
    file: link.file,
    line: link.line,
    column: link.column,
    endLine: link.endLine,
    endColumn: link.endColumn,
    message,
  }));
}

const filesOf = (links: readonly Referrer[]) => new Set(links.map((link) => link.file)).size;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
/** "18 `[[Guard]]` links". */
const linksText = (count: number, name: string) =>
  `${count} \`[[${name}]]\` ${count === 1 ? "link" : "links"}`;

interface SlugMatches {
  /** Entries of a primary kind whose id slug is a glossary term's (`condition/hindered`, `glossary/hindered`). */
  sameSlug: [Entry, Entry][];
  /** Files of a primary kind's folder that gave no entry, named like a glossary term. */
  broken: { file: string; definition: KindDefinition; term: Entry; slug: string }[];
}

/**
 * Ids and files by slug, once per graph: an incremental re-lint keeps the graph only while every id and name stays
 * (a file that stops parsing loses an id and builds a new one), so these hold until the graph goes; the rule then
 * costs a lookup per glossary name on each re-lint instead of a pass over every entry and file.
 */
const slugCache = new WeakMap<ContentGraph, SlugMatches>();

function slugMatches(graph: ContentGraph, terms: readonly Entry[]): SlugMatches {
  const cached = slugCache.get(graph);
  if (cached) return cached;
  const termsBySlug = new Map<string, Entry>();
  for (const term of terms) termsBySlug.set(entrySlug(term.file), term);
  const matches: SlugMatches = { sameSlug: [], broken: [] };
  const loaded = new Set<string>();
  for (const entry of graph.entries.values()) {
    loaded.add(entry.file);
    if (entry.definition.nameResolution === "fallback") continue;
    const term = termsBySlug.get(entry.id.slice(entry.id.indexOf("/") + 1));
    if (term) matches.sameSlug.push([entry, term]);
  }
  for (const entry of graph.duplicates) loaded.add(entry.file);
  for (const file of graph.files) {
    if (!file.endsWith(".json") || loaded.has(file)) continue;
    const slug = entrySlug(file);
    const term = termsBySlug.get(slug);
    const definition = kindByFolder(file.split("/").at(-2) ?? "");
    if (term && definition && definition.nameResolution !== "fallback")
      matches.broken.push({ file, definition, term, slug });
  }
  slugCache.set(graph, matches);
  return matches;
}

export const shadowedTermsRule = defineRule({
  meta: {
    id: "shadowed-terms",
    description:
      "Links never change target silently: a name that shadows a glossary term, or falls back to one",
    defaultSeverity: "warn",
    stage: "graph",
    docs: docsUrl("shadowed-terms"),
    notes: { "opens-instead": "opens `{id}`, not `{other}`" },
    messages: {
      "shadows-term":
        "`{name}` shadows the glossary term `{term}` (chapter {chapter}), another concept: {links} in {files} open `{id}` instead",
      "renamed-away":
        "`{id}` is named `{name}`, not `{old}`: {links} in {files} fall back to the glossary term `{term}`",
      "knock-on": KNOCK_ON.message,
    },
    help: {
      "shadows-term":
        "qualify each of them with the kind it means (`[[glossary:{name}]]` or `[[{kind}:{name}]]`), or rename `{id}`",
      "renamed-away":
        'keep the old name in its `aliases` (`"aliases": ["{old}"]`) so they still open it, or qualify those meant for the term as `[[glossary:{old}]]`',
      "knock-on": KNOCK_ON.help,
    },
  },
  check({ graph, report, note }) {
    const terms = graph.byKind("glossary");
    if (terms.length === 0) return;
    const byNumber = new Map<string, Chapter>();
    for (const chapter of graph.chapters) {
      const number = chapter.frontmatter.chapter;
      if (number !== undefined && !byNumber.has(number)) byNumber.set(number, chapter);
    }
    // a primary name a glossary term also has: the term's unqualified links go to the entry (the graph's order)
    for (const term of terms) {
      for (const name of [term.name, ...term.aliases]) {
        for (const target of graph.named(name, "primary")) {
          if (termNames(term, target, byNumber)) continue;
          const links = linksByName(graph, target, name);
          // nothing moves while every link says which it means
          if (links.length === 0) continue;
          const data = {
            name,
            term: term.id,
            chapter: String((term.data.chapter as { number?: unknown }).number),
            links: linksText(links.length, name),
            files: plural(filesOf(links), "file"),
            id: target.id,
            kind: target.kind,
          };
          const related = relatedOf(links, note("opens-instead", { id: target.id, other: term.id }));
          if (target.kind === "chapter") {
            const chapter = target as Chapter;
            const text = graph.source(chapter.file)?.text ?? "";
            const at = Math.max(0, text.slice(0, chapter.bodyOffset).indexOf(name));
            report({ chapter, start: at, end: at + name.length, messageId: "shadows-term", data, related });
            continue;
          }
          const entry = target as Entry;
          const alias = entry.aliases.findIndex((other) => nameKey(other) === nameKey(name));
          const path = nameKey(entry.name) === nameKey(name) || alias === -1 ? ["name"] : ["aliases", alias];
          report({ entry, path, messageId: "shadows-term", data, related });
        }
      }
    }
    const { sameSlug, broken } = slugMatches(graph, terms);
    // an entry whose id says it is the term's concept but whose name moved on: links by the old name reach the term
    for (const [entry, term] of sameSlug) {
      const key = nameKey(term.name);
      if ([entry.name, ...entry.aliases].some((name) => nameKey(name) === key)) continue;
      if (graph.named(term.name, "primary").length > 0 || !termNames(term, entry, byNumber)) continue;
      const links = linksByName(graph, term, term.name);
      if (links.length === 0) continue;
      report({
        entry,
        path: ["name"],
        messageId: "renamed-away",
        data: {
          id: entry.id,
          name: entry.name,
          old: term.name,
          links: linksText(links.length, term.name),
          files: plural(filesOf(links), "file"),
          term: term.id,
        },
        related: relatedOf(links, note("opens-instead", { id: term.id, other: entry.id })),
      });
    }
    // a file of an entry kind that gave no entry (it did not parse): links to its name reach a glossary term; each
    // is a knock-on of that file's error, folded under it (one cause, one error)
    for (const { file, definition, term, slug } of broken) {
      const id = `${definition.kind}/${slug}`;
      const unloaded = unloadedFiles(graph).byId.get(id) ?? {
        file,
        id,
        kind: definition.kind,
        slug,
        state: "missing" as const,
      };
      for (const use of graph.referrers(term.id)) {
        if (use.reference.kind !== undefined || use.file === file) continue;
        const owner = use.from;
        const target =
          owner.kind === "chapter"
            ? { chapter: owner as Chapter, start: use.start, end: use.end }
            : { entry: owner as Entry, path: use.path, span: { start: use.start, end: use.end } };
        report({ ...target, ...knockOn(graph, unloaded, use.reference.raw) });
      }
    }
  },
});
