// The one prose pipeline: parse (remark + GFM + references, MDX for core chapters), lint, render (rehype + sanitize), one URL policy
export { lintProse, lintProseTree, type ProseProblem, type ProseProblemId } from "./lint.ts";
export { parseChapterMdx, parseProse, referenceNodes } from "./parse.ts";
export {
  type ReferenceNode,
  referenceFromMarkdown,
  referenceSyntax,
  referenceToMarkdown,
  remarkReferenceSyntax,
} from "./reference-syntax.ts";
export {
  applyUrlPolicy,
  PROSE_SANITIZE_SCHEMA,
  type ProseRenderOptions,
  renderProse,
  renderProseInline,
  renderProseTree,
} from "./render.ts";
export {
  type ProseTrust,
  SELF_LINKING,
  selfLink,
  URL_POLICY,
  type UrlRefusal,
  urlScheme,
} from "./url-policy.ts";
