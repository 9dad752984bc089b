// Rule `prose-links`: entry prose and chapters link only what the site renders — the prose pipeline's URL policy
import {
  type ContentGraph,
  checkMarkdownLimits,
  defineRule,
  docsUrl,
  type Entry,
  forEachStringWith,
  LoadedEntry,
  lintProse,
  lintProseTree,
  PROSE_HELP,
  type ProseProblemId,
  parseMdx,
} from "@momenta/content";
import type { Root } from "mdast";
import { checkedChapters, checkedEntries } from "./util.ts";

/**
 * Text that could hold a link the policy refuses: an inline link (`](`), a definition (`]:`, never after a
 * reference's `]]`: a label holds no brackets) or an autolink (`<scheme:`). GFM's bare `www.`, `https://` and e-mail links are always allowed
 * in core prose. Linear: no quantifier retries.
 */
const LINKISH = /\]\(|(?<!\])\]:|<[a-z][a-z0-9+.-]*:/i;

/**
 * Can a string of the entry's data match LINKISH? Its file's text holds each string as written, and without `\u`
 * escapes every character LINKISH needs (`]`, `(`, `:`, `<`, letters, digits, `+.-`) is written as itself: a file
 * with none of `](`, `]:` and `<` holds no such string, and its strings need no walk (most files of a corpus).
 * A patched entry's data is not its file's: it is walked.
 */
function mayHoldLink(graph: ContentGraph, entry: Entry): boolean {
  const text = entry instanceof LoadedEntry && !entry.patches ? graph.source(entry.file)?.text : undefined;
  if (text === undefined || text.includes("\\u")) return true;
  return text.includes("](") || text.includes("]:") || text.includes("<");
}

/** Problems of the prose pipeline this rule reports (HTML and MDX code in core prose are other rules' business). */
const REPORTED = new Set<ProseProblemId>([
  "unsafe-link",
  "unsupported-scheme",
  "protocol-relative",
  "backslash",
  "path-escape",
]);

export const proseLinksRule = defineRule({
  meta: {
    id: "prose-links",
    description:
      "Links in entry prose and chapters pass the one URL policy the site renders with (no javascript:, //host, `\\`)",
    defaultSeverity: "error",
    stage: "graph",
    incremental: { wholeWhen: [] },
    docs: docsUrl("prose-links"),
    messages: {
      "unsafe-link": "a `{scheme}` link runs code or smuggles a document; the site drops it",
      "unsupported-scheme": "a `{scheme}` link; only http(s), mailto and relative links are rendered",
      "protocol-relative":
        "the link `{url}` starts with `//`, which points at another host; the site drops it",
      backslash: "the link `{url}` holds a `\\`, which browsers read as `/`; the site drops it",
      "path-escape": "the link `{url}` climbs out with `..`; the site drops it",
    },
    // the prose pipeline's own helps, so the words are the same wherever it reports
    help: Object.fromEntries([...REPORTED].map((id) => [id, PROSE_HELP[id]])),
  },
  check(context) {
    const { graph, report } = context;
    for (const entry of checkedEntries(context)) {
      // homebrew prose is the untrusted-prose rule's (a stricter policy, checked while the pack loads)
      if (!entry.valid || entry.pack !== undefined) continue;
      if (!mayHoldLink(graph, entry)) continue;
      // only text that could hold a link is handed to the pipeline
      forEachStringWith(entry.data, LINKISH, (text, path) => {
        // text over the Markdown caps is never parsed (micromark recurses per container, quadratic in openers)
        if (checkMarkdownLimits(text)) return;
        for (const problem of lintProse(text, "core")) {
          if (!REPORTED.has(problem.messageId)) continue;
          report({
            entry,
            path: [...path],
            span: { start: problem.start, end: problem.end },
            messageId: problem.messageId,
            data: problem.data,
          });
        }
      });
    }
    for (const chapter of checkedChapters(context)) {
      if (chapter.pack !== undefined) continue;
      const text = graph.source(chapter.file)?.text;
      // the site drops the same links from a chapter (remark-references applies the policy to its tree)
      if (!text || !LINKISH.test(text)) continue;
      const tree = parseMdx(text).tree;
      if (!tree) continue;
      for (const problem of lintProseTree(tree as unknown as Root, text, "core")) {
        if (!REPORTED.has(problem.messageId)) continue;
        report({
          chapter,
          start: problem.start,
          end: problem.end,
          messageId: problem.messageId,
          data: problem.data,
        });
      }
    }
  },
});
