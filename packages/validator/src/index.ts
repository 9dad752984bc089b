// Public API of @momenta/validator: the loader and content graph, lint rules, formatters
export { registerSubcommand, type Subcommand } from "./cli/commands.ts";
export type { CliIo } from "./cli/io.ts";
export type {
  Diagnostic,
  JsonPath,
  Range,
  RelatedLocation,
  Severity,
  SeveritySetting,
} from "./diagnostic.ts";
export { compareDiagnostics, formatPath } from "./diagnostic.ts";
export type { ChapterChange, ChapterDiff, ChapterRef, SectionChange } from "./diff/chapters.ts";
export {
  type ContentDiff,
  diffFields,
  diffGraphs,
  type EntryChange,
  type EntryRef,
  type FieldChange,
  type WordRun,
} from "./diff/diff.ts";
export { API_VERSION, type ApiOptions, buildApi, documentPath } from "./export/api.ts";
export { type JsonSchemaDocument, readFieldSchemas, schemaPath } from "./export/api-schemas.ts";
export { createStylish, type StylishOptions } from "./formatters/stylish.ts";
export type { FormatInput, Formatter } from "./formatters/types.ts";
export { assertNoSymlinks, WriteError, writeFileAtomicSync } from "./fs/atomic-write.ts";
export { type Change, IncrementalLint, type UpdateStats } from "./incremental.ts";
export { type LintOptions, type LintResult, lintContentSync } from "./lint.ts";
export {
  CHAPTER_FOLDER,
  contentDirectory,
  type LoadOptions,
  type LoadRoot,
  load,
  loadContent,
  loadContentSync,
} from "./loader/load.ts";
export { PATCH_FOLDER } from "./loader/patch-folder.ts";
export { DEFAULT_LOADER_LIMITS, type LoaderLimits } from "./loader/walk.ts";
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
export { initPack } from "./pack/init.ts";
export { lintPacks, type PackLintOptions, type PackLintResult, packOfId } from "./pack/lint-pack.ts";
export { type ReleaseChanges, readReleaseChanges } from "./pack/rules-changed.ts";
export {
  applyUrlPolicy,
  lintProse,
  PROSE_SANITIZE_SCHEMA,
  type ProseProblem,
  type ProseRenderOptions,
  type ProseTrust,
  parseProse,
  type ReferenceNode,
  referenceNodes,
  remarkReferenceSyntax,
  renderProse,
  renderProseInline,
  URL_POLICY,
  urlScheme,
} from "./prose/index.ts";
export { writeReference } from "./rules/util.ts";
export { SourceFile } from "./source/file.ts";
export {
  checkMarkdownLimits,
  checkYamlNesting,
  DEFAULT_MARKDOWN_LIMITS,
  type LimitProblem,
  type MarkdownLimits,
} from "./source/limits.ts";
export { createSlugger } from "./source/mdx.ts";
export { formatTimings, Timings } from "./timing.ts";
