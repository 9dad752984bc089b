// Rule `ids`: ids are unique, match their file (`kind/slug`), and aliases never steal another entry's name
import { normalizeName } from "@momenta/schema";
import { defineRule, docsUrl } from "../rule.ts";

export const idsRule = defineRule({
  meta: {
    id: "ids",
    description: "Ids are unique and match their file; aliases do not collide with other names",
    defaultSeverity: "error",
    stage: "graph",
    docs: docsUrl("ids"),
    messages: {
      duplicate: "id `{id}` is already used by `{other}`",
      "file-mismatch": "id `{id}` does not match the file name: expected `{expected}`",
      "chapter-file-mismatch": "chapter id `{id}` does not match the file name: expected `{expected}`",
      "alias-collision": "alias `{alias}` is already the name or alias of `{other}`",
      "alias-self": "alias `{alias}` repeats the entry's own name",
    },
  },
  check({ graph, report, relatedAt }) {
    for (const duplicate of graph.duplicates) {
      const first = graph.entries.get(duplicate.id);
      report({
        entry: duplicate,
        path: ["id"],
        messageId: "duplicate",
        data: { id: duplicate.id, other: first?.file ?? "?" },
        help: "give one of them a new id and file name",
        related: first ? [relatedAt(first, ["id"], "first defined here")] : [],
      });
    }
    const owners = new Map<string, { id: string; kind: string; tier: string }[]>();
    for (const entry of graph.entries.values()) {
      const tier = entry.definition.nameResolution;
      const key = normalizeName(entry.name);
      const list = owners.get(key) ?? [];
      list.push({ id: entry.id, kind: entry.kind, tier });
      owners.set(key, list);
    }
    for (const chapter of graph.chapters) {
      const key = normalizeName(chapter.frontmatter.title);
      const list = owners.get(key) ?? [];
      list.push({ id: chapter.id, kind: "chapter", tier: "primary" });
      owners.set(key, list);
    }
    for (const entry of [...graph.entries.values(), ...graph.duplicates]) {
      if (!entry.valid) continue;
      const slug =
        entry.file
          .split("/")
          .pop()
          ?.replace(/\.json$/, "") ?? "";
      const expected = `${entry.kind}/${slug}`;
      if (entry.id !== expected) {
        report({
          entry,
          path: ["id"],
          messageId: "file-mismatch",
          data: { id: entry.id, expected },
          help: `rename the file to \`${entry.id.split("/").pop()}.json\` or set \`"id": "${expected}"\``,
        });
      }
      entry.aliases.forEach((alias, index) => {
        const key = normalizeName(alias);
        if (key === normalizeName(entry.name)) {
          report({
            entry,
            path: ["aliases", index],
            messageId: "alias-self",
            data: { alias },
            help: "remove the alias",
          });
          return;
        }
        const tier = entry.definition.nameResolution;
        const clash = (owners.get(key) ?? []).find((owner) => owner.id !== entry.id && owner.tier === tier);
        if (clash) {
          const other = graph.entries.get(clash.id);
          report({
            entry,
            path: ["aliases", index],
            messageId: "alias-collision",
            data: { alias, other: clash.id },
            help: "remove the alias, or qualify references as `[[kind:Name]]`",
            related: other ? [relatedAt(other, ["name"], "that name is defined here")] : [],
          });
        }
      });
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
      if (chapter.id !== expected) {
        report({
          chapter,
          start: Math.max(offset, 0),
          end: Math.max(offset, 0) + chapter.id.length,
          messageId: "chapter-file-mismatch",
          data: { id: chapter.id, expected },
          help: "chapter files are named `NN-slug.mdx` for the id `chapter/slug`",
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
          help: "give one of the chapters a new id",
        });
      } else chapterIds.set(chapter.id, chapter.file);
    }
  },
});
