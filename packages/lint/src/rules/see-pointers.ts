// Rule `see-pointers`: a "See <Chapter Title>" pointer written as plain text, which would not become a link
import type { Chapter } from "@momenta/content";
import { defineRule, docsUrl, forEachStringWith } from "@momenta/content";
import { normalizeName } from "@momenta/schema";

/** "See", optionally "also", "the", "chapter", then the words that may name a chapter. */
const SEE = /\b[Ss]ee (?:also )?(?:the )?(?:[Cc]hapter )?(?:\d+[,:]? )?["“]?([A-Z][^.;:()[\]\n"”]{2,80})/g;

export const seePointersRule = defineRule({
  meta: {
    id: "see-pointers",
    description: '"See <chapter>" pointers are written as references, so readers get a link',
    defaultSeverity: "warn",
    stage: "graph",
    docs: docsUrl("see-pointers"),
    messages: {
      unlinked: "`{text}` points to the chapter `{title}` but is not a reference",
    },
    help: {
      unlinked: "write `[[{title}]]` so it becomes a link",
    },
  },
  check({ graph, report }) {
    const titles = graph.chapters.flatMap((chapter) =>
      [chapter.frontmatter.title, ...(chapter.frontmatter.aliases ?? [])].map((title) => ({
        title,
        key: normalizeName(title),
        chapter,
      })),
    );
    if (titles.length === 0) return;
    // longest first, so "Bonds in Combat" wins over "Bonds"
    titles.sort((a, b) => b.key.length - a.key.length);
    const find = (text: string, visit: (start: number, end: number, title: string) => void) => {
      for (const match of text.matchAll(SEE)) {
        const words = match[1] ?? "";
        const candidate = normalizeName(words);
        const hit = titles.find(
          (title) =>
            candidate.startsWith(title.key) && !/[\p{L}\p{N}]/u.test(candidate.charAt(title.key.length)),
        );
        if (!hit) continue;
        const start = (match.index ?? 0) + match[0].length - words.length;
        visit(match.index ?? 0, start + hit.title.length, hit.title);
      }
    };
    for (const chapter of graph.chapters) {
      const text = graph.source(chapter.file)?.text ?? "";
      const from = chapter.bodyOffset;
      find(text.slice(from), (start, end, title) =>
        report({
          chapter: chapter as Chapter,
          start: from + start,
          end: from + end,
          messageId: "unlinked",
          data: { text: text.slice(from + start, from + end), title },
        }),
      );
    }
    for (const entry of graph.entries.values()) {
      forEachStringWith(entry.data, "ee ", (text, path) => {
        if (path.length === 1 && (path[0] === "id" || path[0] === "$schema" || path[0] === "name")) return;
        const at = [...path];
        find(text, (start, end, title) =>
          report({
            entry,
            path: at,
            span: { start, end },
            messageId: "unlinked",
            data: { text: text.slice(start, end), title },
          }),
        );
      });
    }
  },
});
