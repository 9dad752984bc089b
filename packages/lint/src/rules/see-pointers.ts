// Rule `see-pointers`: a "See <Chapter Title>" pointer written as plain text, which would not become a link
import type { Chapter, ReportTarget, UnloadedFile } from "@momenta/content";
import { defineRule, docsUrl, forEachStringWith, unloadedFiles } from "@momenta/content";
import { normalizeName, slugify } from "@momenta/schema";
import { KNOCK_ON, reportKnockOn } from "./util.ts";

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
      "knock-on": KNOCK_ON.message,
    },
    help: {
      unlinked: "write `[[{title}]]` so it becomes a link",
      "knock-on": KNOCK_ON.help,
    },
  },
  check(context) {
    const { graph } = context;
    // a chapter that did not parse is known by its file's slug only: a pointer to it waits for that file
    const broken = new Map<string, UnloadedFile>();
    for (const file of unloadedFiles(graph).byId.values())
      if (file.kind === "chapter" && !broken.has(file.slug)) broken.set(file.slug, file);
    const titles = graph.chapters.flatMap((chapter) =>
      [chapter.frontmatter.title, ...(chapter.frontmatter.aliases ?? [])].map((title) => ({
        title,
        key: normalizeName(title),
        chapter,
      })),
    );
    if (titles.length === 0 && broken.size === 0) return;
    // longest first, so "Bonds in Combat" wins over "Bonds"
    titles.sort((a, b) => b.key.length - a.key.length);
    /** The broken chapter the leading words of a pointer name by its file's slug, and where those words end. */
    const brokenIn = (words: string): { file: UnloadedFile; end: number } | undefined => {
      if (broken.size === 0) return undefined;
      for (const word of words.matchAll(/\S+/g)) {
        const end = (word.index ?? 0) + word[0].length;
        const file = broken.get(slugify(words.slice(0, end)));
        if (file) return { file, end };
      }
      return undefined;
    };
    const find = (
      text: string,
      visit: (start: number, end: number, title: string) => void,
      visitBroken: (start: number, end: number, file: UnloadedFile) => void,
    ) => {
      for (const match of text.matchAll(SEE)) {
        const words = match[1] ?? "";
        const candidate = normalizeName(words);
        const hit = titles.find(
          (title) =>
            candidate.startsWith(title.key) && !/[\p{L}\p{N}]/u.test(candidate.charAt(title.key.length)),
        );
        const start = (match.index ?? 0) + match[0].length - words.length;
        if (hit) {
          visit(match.index ?? 0, start + hit.title.length, hit.title);
          continue;
        }
        const pointer = brokenIn(words);
        if (pointer) visitBroken(match.index ?? 0, start + pointer.end, pointer.file);
      }
    };
    for (const chapter of graph.chapters) {
      const text = graph.source(chapter.file)?.text ?? "";
      const from = chapter.bodyOffset;
      const at = (start: number, end: number): ReportTarget => ({
        chapter: chapter as Chapter,
        start: from + start,
        end: from + end,
      });
      find(
        text.slice(from),
        (start, end, title) =>
          context.report({
            ...at(start, end),
            messageId: "unlinked",
            data: { text: text.slice(from + start, from + end), title },
          }),
        (start, end, file) =>
          reportKnockOn(context, at(start, end), file, text.slice(from + start, from + end)),
      );
    }
    for (const entry of graph.entries.values()) {
      forEachStringWith(entry.data, "ee ", (text, path) => {
        if (path.length === 1 && (path[0] === "id" || path[0] === "$schema" || path[0] === "name")) return;
        const at = [...path];
        find(
          text,
          (start, end, title) =>
            context.report({
              entry,
              path: at,
              span: { start, end },
              messageId: "unlinked",
              data: { text: text.slice(start, end), title },
            }),
          (start, end, file) =>
            reportKnockOn(context, { entry, path: at, span: { start, end } }, file, text.slice(start, end)),
        );
      });
    }
  },
});
