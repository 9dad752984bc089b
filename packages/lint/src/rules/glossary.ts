// Rule `glossary`: each term points to a chapter that exists and that mentions the term
import type { Chapter } from "@momenta/content";
import { defineRule, docsUrl, unloadedFiles } from "@momenta/content";
import { type GlossaryTerm, normalizeName } from "@momenta/schema";
import { checkedValid, KNOCK_ON, reportKnockOn } from "./util.ts";

/** "Appendix A · Tags" and "Tags" name the same chapter. */
const withoutAppendix = (title: string) => normalizeName(title.replace(/^Appendix [AB]\s*·\s*/i, ""));

export const glossaryRule = defineRule({
  meta: {
    id: "glossary",
    description: "Glossary terms point to a chapter that exists, by its number and title",
    defaultSeverity: "error",
    stage: "graph",
    // a term is checked against the chapters' numbers and titles
    incremental: { wholeWhen: ["chapter"] },
    docs: docsUrl("glossary"),
    messages: {
      "unknown-chapter": "there is no chapter {number}",
      "title-mismatch": "chapter {number} is titled `{title}`, not `{pointer}`",
      "knock-on": KNOCK_ON.message,
    },
    help: {
      "knock-on": KNOCK_ON.help,
      "unknown-chapter": "use the number from the chapter's breadcrumb (00–30, A or B)",
      "title-mismatch": "write `{title}`, or add the pointer to the chapter's `aliases`",
    },
  },
  check(context) {
    const { graph, report } = context;
    // a catalog-only tree (e.g. a homebrew pack) has no chapters to check
    if (graph.chapters.length === 0 && unloadedFiles(graph).byChapter.size === 0) return;
    const byNumber = new Map<string, Chapter>();
    for (const chapter of graph.chapters) {
      const number = chapter.frontmatter.chapter; // a catalog's text has no number
      if (number !== undefined && !byNumber.has(number)) byNumber.set(number, chapter);
    }
    for (const term of checkedValid<GlossaryTerm>(context, "glossary")) {
      const pointer = term.data.chapter;
      if (!pointer) continue;
      const chapter = byNumber.get(pointer.number);
      const unloaded = chapter ? undefined : unloadedFiles(graph).byChapter.get(pointer.number);
      if (unloaded) {
        const target = { entry: term, path: ["chapter", "number"] };
        reportKnockOn(context, target, unloaded, `chapter ${pointer.number}`);
        continue;
      }
      if (!chapter) {
        report({
          entry: term,
          path: ["chapter", "number"],
          messageId: "unknown-chapter",
          data: { number: pointer.number },
        });
        continue;
      }
      const title = chapter.frontmatter.title;
      const names = [title, ...(chapter.frontmatter.aliases ?? [])].map(withoutAppendix);
      if (!names.includes(withoutAppendix(pointer.title))) {
        report({
          entry: term,
          path: ["chapter", "title"],
          messageId: "title-mismatch",
          data: { number: pointer.number, title, pointer: pointer.title },
          fix: { text: title },
        });
      }
    }
  },
});
