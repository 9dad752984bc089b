// Rule `ids`: ids are unique, match their file (`kind/slug`), and aliases never steal another entry's name
import type { Chapter, ContentGraph, Entry, RelatedLocation } from "@momenta/content";
import { defineRule, docsUrl, entrySlug, kindLabel, nameKey } from "@momenta/content";

import { MAX_LINKS, noteAtUse, renamedOnto, renamedOntoSameKind, withMore } from "./util.ts";

export const idsRule = defineRule({
  meta: {
    id: "ids",
    description: "Ids are unique and match their file; aliases do not collide with other names",
    defaultSeverity: "error",
    stage: "graph",
    // a scoped run finds what shares a name through the graph's name indexes (the re-lint scopes same-named owners)
    incremental: { wholeWhen: [] },
    docs: docsUrl("ids"),
    notes: {
      "first-defined": "first defined here",
      "name-defined": "that name is defined here",
      ambiguous: "`{raw}` is ambiguous",
    },
    messages: {
      duplicate: "id `{id}` is already used by `{other}`",
      "file-mismatch": "id `{id}` does not match the file name: expected `{expected}`",
      "chapter-file-mismatch": "chapter id `{id}` does not match the file name: expected `{expected}`",
      "alias-collision": "alias `{alias}` is already the name or alias of `{other}`",
      "alias-self": "alias `{alias}` repeats the entry's own name",
      "name-collision": "name `{name}` is also the name of `{other}`, so `[[{name}]]` is ambiguous",
      // one cause, one error: the links the rename made ambiguous are its notes, not errors of their own
      "name-taken": "name `{name}` is also the name of `{other}`: it makes {links} in {files} ambiguous",
    },
    help: {
      duplicate: "give one of them a new id and file name",
      "duplicate.copy": 'set `"id": "{expected}"`, as its file name says',
      "duplicate.chapter": "give one of the chapters a new id",
      "alias-self": "remove the alias",
      "alias-collision": "remove the alias, or qualify references as `[[kind:Name]]`",
      "name-collision": "give one of them a distinct name",
      "name-collision.renamed":
        "give it a name no other {label} has (its file is still named after its old one)",
      "name-taken": "give it a name no other {label} has (its file is still named after its old one)",
      "chapter-file-mismatch": "chapter files are named `NN-slug.mdx` for the id `chapter/slug`",
      "file-mismatch": 'rename the file to `{file}` or set `"id": "{expected}"`',
      // a rename onto a file that exists would lose one of them
      "file-mismatch.taken": 'set `"id": "{expected}"` (`{taken}` is another entry\'s file)',
    },
  },
  check({ graph, report, relatedAt, scope, note }) {
    // the graph keeps the entry named after its file, so a copy that still says the original's id is the duplicate:
    // one error at the copy, whose fix is the id its file name asks for (no file-mismatch beside it)
    const copies = new Set<Entry>();
    for (const duplicate of scope ? scope.duplicates : graph.duplicates) {
      const first = graph.entries.get(duplicate.id);
      const expected = `${duplicate.kind}/${entrySlug(duplicate.file)}`;
      const copy = duplicate.pack === undefined && duplicate.id !== expected && !graph.entries.has(expected);
      if (copy) copies.add(duplicate);
      report({
        entry: duplicate,
        path: ["id"],
        messageId: "duplicate",
        data: { id: duplicate.id, other: first?.file ?? "?", expected },
        ...(copy && { helpId: "duplicate.copy" }),
        related: first ? [relatedAt(first, ["id"], "first-defined")] : [],
      });
    }
    // names and titles → owners, built on the first alias: most catalogs have none, and it costs a pass over all
    let ownersByName: Map<string, { id: string; kind: string; tier: string }[]> | undefined;
    const owners = () => {
      if (ownersByName) return ownersByName;
      if (scope) return namedOwners(graph);
      const map = new Map<string, { id: string; kind: string; tier: string }[]>();
      const add = (name: string, owner: { id: string; kind: string; tier: string }) => {
        const key = nameKey(name);
        const list = map.get(key);
        if (list) list.push(owner);
        else map.set(key, [owner]);
      };
      for (const entry of graph.entries.values())
        add(entry.name, { id: entry.id, kind: entry.kind, tier: entry.definition.nameResolution });
      for (const chapter of graph.chapters)
        add(chapter.frontmatter.title, { id: chapter.id, kind: "chapter", tier: "primary" });
      ownersByName = map;
      return map;
    };
    for (const entry of scope
      ? [...scope.entries, ...scope.duplicates]
      : [...graph.entries.values(), ...graph.duplicates]) {
      if (!entry.valid) continue;
      const file = entry.file;
      const slug = entrySlug(file);
      const expected = `${entry.kind}/${slug}`;
      // a pack entry's id is namespaced by its pack, which the pack rule checks
      if (entry.id !== expected && entry.pack === undefined && !copies.has(entry)) {
        // the file name the id asks for may be another entry's already: then only the id can change
        const wanted = `${file.slice(0, file.lastIndexOf("/") + 1)}${entry.id.split("/").pop()}.json`;
        const taken = wanted !== file && graph.source(wanted) !== undefined;
        report({
          entry,
          path: ["id"],
          messageId: "file-mismatch",
          data: { id: entry.id, expected, file: wanted.slice(wanted.lastIndexOf("/") + 1), taken: wanted },
          ...(taken && { helpId: "file-mismatch.taken" }),
        });
      }
      entry.aliases.forEach((alias, index) => {
        const key = nameKey(alias);
        if (key === nameKey(entry.name)) {
          report({
            entry,
            path: ["aliases", index],
            messageId: "alias-self",
            data: { alias },
          });
          return;
        }
        const tier = entry.definition.nameResolution;
        const clash = (owners().get(key) ?? []).find((owner) => owner.id !== entry.id && owner.tier === tier);
        if (clash) {
          const other = graph.entries.get(clash.id);
          report({
            entry,
            path: ["aliases", index],
            messageId: "alias-collision",
            data: { alias, other: clash.id },
            related: other ? [relatedAt(other, ["name"], "name-defined")] : [],
          });
        }
      });
    }
    // two entries of one kind share a name: `[[Name]]` cannot tell them apart
    const byName = new Map<string, (typeof graph.duplicates)[number][]>();
    for (const entry of scope ? scope.entries : graph.entries.values()) {
      if (!entry.valid) continue;
      if (scope) {
        // the entries of its kind with the same name, in load order, as the whole run groups them
        const key = nameKey(entry.name);
        const group = graph
          .named(entry.name, entry.kind)
          .filter(
            (other): other is Entry =>
              other.kind !== "chapter" &&
              other.valid &&
              (other as Entry).pack === entry.pack &&
              nameKey((other as Entry).name) === key,
          );
        if (group.length > 1) byName.set(`${entry.kind}\u0000${key}`, group);
        continue;
      }
      const key = `${entry.definition.nameResolution}\u0000${entry.pack ?? ""}\u0000${nameKey(entry.name)}`;
      const list = byName.get(key);
      if (list) list.push(entry);
      else byName.set(key, [entry]);
    }
    for (const group of byName.values()) {
      if (group.length < 2) continue;
      // within one kind a shared name is always ambiguous (across kinds, resolution may prefer one: archetype `Elf`,
      // mastery domain `Elf`); the one renamed onto the other's name (its name no longer matches its file) is the
      // place to fix, and when none or each was there is no telling which came first: each is reported
      for (const entry of scope ? group.filter((member) => scope.has(member)) : group) {
        const others = group.filter((candidate) => candidate !== entry && candidate.kind === entry.kind);
        const other = others[0];
        if (!other) continue;
        const renamed = renamedOnto(entry);
        if (!renamed && others.length === 1 && renamedOnto(other)) continue;
        const taken = renamed && !others.some(renamedOnto) && linksMadeAmbiguous(graph, entry, note);
        if (taken && taken.count > 0) {
          report({
            entry,
            path: ["name"],
            messageId: "name-taken",
            data: {
              name: entry.name,
              other: other.id,
              label: kindLabel(entry),
              links: `${taken.count} \`[[${entry.name}]]\` ${taken.count === 1 ? "link" : "links"}`,
              files: `${taken.files} ${taken.files === 1 ? "file" : "files"}`,
            },
            related: [relatedAt(other, ["name"], "name-defined"), ...taken.links],
          });
          continue;
        }
        report({
          entry,
          path: ["name"],
          messageId: "name-collision",
          data: { name: entry.name, other: other.id, label: kindLabel(entry) },
          ...(renamed && !others.some(renamedOnto) && { helpId: "name-collision.renamed" }),
          related: [relatedAt(other, ["name"], "name-defined")],
        });
      }
    }
    const chapterIds = new Map<string, string>();
    for (const chapter of graph.chapters) {
      if (!chapter.valid) continue;
      const base =
        chapter.file
          .split("/")
          .pop()
          ?.replace(/\.mdx$/, "") ?? "";
      const expected = `chapter/${base.replace(/^(\d\d|[a-z])-/i, "")}`;
      const source = graph.source(chapter.file);
      const offset = source?.text.indexOf(chapter.id) ?? 0;
      if (chapter.id !== expected && chapter.pack === undefined) {
        report({
          chapter,
          start: Math.max(offset, 0),
          end: Math.max(offset, 0) + chapter.id.length,
          messageId: "chapter-file-mismatch",
          data: { id: chapter.id, expected },
        });
      }
      const other = chapterIds.get(chapter.id);
      if (other) {
        report({
          chapter,
          start: Math.max(offset, 0),
          end: Math.max(offset, 0) + chapter.id.length,
          messageId: "duplicate",
          data: { id: chapter.id, other },
          helpId: "duplicate.chapter",
        });
      } else chapterIds.set(chapter.id, chapter.file);
    }
  },
});

/** Owners by normalized name (names and titles, not aliases) through the graph's name indexes, for a scoped run. */
function namedOwners(graph: ContentGraph): Map<string, { id: string; kind: string; tier: string }[]> {
  return {
    get(key: string) {
      const out: { id: string; kind: string; tier: string }[] = [];
      for (const tier of ["primary", "fallback"] as const) {
        for (const owner of graph.named(key, tier)) {
          const name =
            owner.kind === "chapter" ? (owner as Chapter).frontmatter.title : (owner as Entry).name;
          if (nameKey(name) !== key) continue;
          out.push({ id: owner.id, kind: owner.kind, tier: owner.kind === "chapter" ? "primary" : tier });
        }
      }
      return out;
    },
  } as Map<string, { id: string; kind: string; tier: string }[]>;
}

/**
 * The links in the whole graph whose error is folded under `entry` (renamed onto another's name): counted, and the
 * first few as notes. Only met when such a rename exists, so the pass over every reference costs nothing otherwise.
 */
function linksMadeAmbiguous(
  graph: ContentGraph,
  entry: Entry,
  note: (noteId: string, data?: Record<string, string | number>) => string,
): { count: number; files: number; links: RelatedLocation[] } {
  let count = 0;
  const files = new Set<string>();
  const links: RelatedLocation[] = [];
  graph.forEachReference(
    (resolved, owner) => {
      count += 1;
      files.add(owner.file);
      const link =
        links.length < MAX_LINKS &&
        noteAtUse(graph, resolved, owner, note("ambiguous", { raw: resolved.reference.raw }));
      if (link) links.push(link);
    },
    (_reference, resolution) =>
      !resolution.ok &&
      resolution.reason === "ambiguous" &&
      resolution.candidates.includes(entry.id) &&
      renamedOntoSameKind(graph, resolution.candidates) === entry,
  );
  return { count, files: files.size, links: withMore(links, count) };
}
