// Public API of @momenta/content: the loader, content graph, prose pipeline, diagnostic model and the loader's message catalog
export { encodingRule } from "./catalog/encoding.ts";
export { packMeta, untrustedProseRule } from "./catalog/pack.ts";
export { parseRule } from "./catalog/parse.ts";
export { patchRule } from "./catalog/patch.ts";
export { schemaRule } from "./catalog/schema.ts";
export { unknownFileRule } from "./catalog/unknown-file.ts";
export { unsafeInputRule } from "./catalog/unsafe-input.ts";
export {
  compareDiagnostics,
  type Diagnostic,
  formatPath,
  type JsonPath,
  type Range,
  type RelatedLocation,
  type Severity,
  type SeveritySetting,
} from "./diagnostic.ts";
export type { ChapterChange, ChapterDiff, ChapterRef, SectionChange } from "./diff/chapters.ts";
export {
  type ContentDiff,
  diffFields,
  diffGraphs,
  type EntryChange,
  type EntryRef,
  type FieldChange,
  type WordRun,
  wordDiff,
} from "./diff/diff.ts";
export { isOfKind, type KindedEntry, type OfKind } from "./entry-kind.ts";
export { LoadedEntry } from "./loader/entry.ts";
export {
  type ContentFiles,
  DISK_FILES,
  type FileEntry,
  type FileKind,
  OverlayFiles,
} from "./loader/files.ts";
export { Graph } from "./loader/graph.ts";
export {
  CHAPTER_FOLDER,
  contentDirectory,
  type LoadOptions,
  type LoadRoot,
  load,
  loadListed,
  newLoadState,
} from "./loader/load.ts";
export { PATCH_FOLDER } from "./loader/patch-folder.ts";
export { mergePatch, patchLeaves } from "./loader/patches.ts";
export type { ReferenceStore } from "./loader/references.ts";
export { Collector, type ReportExtra } from "./loader/report.ts";
export { chapterFileId, type UnloadedFile, type UnloadedFiles, unloadedFiles } from "./loader/unloaded.ts";
export {
  DEFAULT_LOADER_LIMITS,
  entrySlug,
  isContentFile,
  isInside,
  type LoaderLimits,
  toPosix,
} from "./loader/walk.ts";
export type {
  Chapter,
  CodeUse,
  ComponentUse,
  ContentGraph,
  Entry,
  EntryPatch,
  Heading,
  LoadedPack,
  LoadResult,
  ReferenceText,
  Referrer,
  Resolution,
  ResolvedReference,
} from "./model.ts";
export { nameKey } from "./name-key.ts";
export {
  applyUrlPolicy,
  lintProse,
  PROSE_SANITIZE_SCHEMA,
  type ProseProblem,
  type ProseRenderOptions,
  type ProseTrust,
  parseChapterMdx,
  parseProse,
  type ReferenceNode,
  referenceNodes,
  remarkReferenceSyntax,
  renderProse,
  renderProseInline,
  renderProseTree,
  SELF_LINKING,
  selfLink,
  URL_POLICY,
  urlScheme,
} from "./prose/index.ts";
export { lintProseTree, PROSE_HELP, type ProseProblemId } from "./prose/lint.ts";
export {
  andMore,
  CLOSED_SET_ITEMS,
  DOCS_BASE,
  defineRule,
  docsUrl,
  formatMessage,
  KNOCK_ON,
  kindLabel,
  LISTED_ITEMS,
  listOf,
  noteOf,
  type ReportBase,
  type ReportTarget,
  type Rule,
  type RuleContext,
  type RuleMeta,
  type RuleScope,
} from "./rule.ts";
export { SourceFile } from "./source/file.ts";
export { forEachStringWith, type JsonLimits, parseJson } from "./source/json.ts";
export {
  checkMarkdownLimits,
  checkYamlNesting,
  DEFAULT_MARKDOWN_LIMITS,
  type LimitProblem,
  type MarkdownLimits,
} from "./source/limits.ts";
export { createSlugger, type MdNode, type MdxLimits, parseFrontmatter, parseMdx } from "./source/mdx.ts";
export { decodeUtf8, LineIndex } from "./source/text.ts";
export { suggest } from "./suggest.ts";
export { escapeForTerminal } from "./terminal.ts";
export { formatTimings, Timings } from "./timing.ts";
export { entryOfKind, isEntryOfKind, type TypedEntry, typedEntry } from "./typed-entry.ts";
export { UsageError } from "./usage-error.ts";
