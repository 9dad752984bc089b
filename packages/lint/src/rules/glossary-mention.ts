// Rule `glossary-mention`: the chapter a glossary term points to mentions the term (a warning: the source lost tables)
import type { Chapter } from "@momenta/content";
import { defineRule, docsUrl } from "@momenta/content";
import { type GlossaryTerm, plainText } from "@momenta/schema";
import { checkedValid } from "./util.ts";

/** Lower-case words only, so "Zero-dice" matches "zero dice" and "**Scene**" matches "scene". */
export const looseText = (text: string) =>
  ` ${text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()} `;

export const glossaryMentionRule = defineRule({
  meta: {
    id: "glossary-mention",
    description: "The chapter a glossary term points to mentions the term (or one of its aliases)",
    defaultSeverity: "warn",
    stage: "graph",
    // a term is checked against its chapter's text
    incremental: { wholeWhen: ["chapter"] },
    docs: docsUrl("glossary-mention"),
    notes: { chapter: "chapter {number} is here" },
    messages: {
      "not-mentioned": "chapter {number} (`{title}`) never mentions `{term}`",
    },
    help: {
      "not-mentioned":
        "point the term at the chapter that defines it, or add the spelling the chapter uses to `aliases`",
    },
  },
  check(context) {
    const { graph, report } = context;
    const byNumber = new Map<string, Chapter>();
    for (const chapter of graph.chapters) {
      const number = chapter.frontmatter.chapter; // a catalog's text has no number
      if (number !== undefined && !byNumber.has(number)) byNumber.set(number, chapter);
    }
    const bodies = new Map<Chapter, string>();
    for (const term of checkedValid<GlossaryTerm>(context, "glossary")) {
      const pointer = term.data.chapter;
      const chapter = pointer ? byNumber.get(pointer.number) : undefined;
      if (!pointer || !chapter) continue; // the glossary rule reports a missing chapter
      let body = bodies.get(chapter);
      if (body === undefined) {
        body = looseText(
          `${chapter.frontmatter.title} ${chapter.frontmatter.summary} ${plainText(chapter.body)}`,
        );
        bodies.set(chapter, body);
      }
      // a glossary line may define several terms at once: "Shake It Off, Steady Yourself" (looseText trims the parts)
      const names = [term.name, ...term.aliases].flatMap((name) => [name, ...name.split(/[,/]/)]);
      const mentioned = names.some((name) => {
        const words = looseText(name);
        if (words.trim() === "") return false;
        // plural of the last word ("scenes") or of the head noun ("tiers of play")
        const plurals = [words, words.replace(/ $/, "s "), words.replace(/^ (\S+) /, " $1s ")];
        return plurals.some((form) => body.includes(form));
      });
      if (!mentioned) {
        // the chapter is what the problem depends on: a watch that no longer loads it does not call this fixed
        const source = graph.source(chapter.file);
        report({
          entry: term,
          path: ["chapter"],
          messageId: "not-mentioned",
          data: { number: pointer.number, title: chapter.frontmatter.title, term: term.name },
          related: source ? [source.related(0, 0, context.note("chapter", { number: pointer.number }))] : [],
        });
      }
    }
  },
});
