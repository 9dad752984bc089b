// What a lint rule is: declarative metadata plus a check over the content graph
import type { Diagnostic, JsonPath, RelatedLocation, Severity } from "./diagnostic.ts";
import type { Chapter, ContentGraph, Entry } from "./model.ts";
import type { SourceFile } from "./source/file.ts";

/** Rule docs live in the repository; links are repo-relative so they hold wherever it is hosted. */
export const DOCS_BASE = "packages/lint/docs/rules";

/**
 * The message a rule gives instead of "there is no `{id}`" when the file that defines it did not load: not a
 * problem of the referring file, and no advice to add or rename what is only broken. A warning pointing at the
 * broken file (its `related[0]`); the lint folds it under that file's error (lint's fold.ts). Here, below the
 * loader's catalog and lint's rules, so both (and the browser's character check) word it the same.
 */
export const KNOCK_ON = {
  message: "`{text}` is not checked: `{id}` is in `{file}`, which {reason}",
  help: "fix the errors in `{file}` first; this is checked again once it loads",
  /** The note at the broken file's start. */
  note: "`{id}` would be defined here",
} as const;

export interface RuleMeta {
  /** Kebab-case id used in configuration, output and the docs file name. */
  id: string;
  /** One line: what the rule checks. */
  description: string;
  defaultSeverity: Severity;
  /** Message templates by id; `{name}` placeholders are filled from the report's data. */
  messages: Record<string, string>;
  /**
   * Help templates by message id (one line: what to try), filled like messages; a report may override one. A key
   * `<messageId>.<variant>` is another help of that message, which a report picks with `helpId` (the did-you-mean
   * of a message whose plain help lists the known values).
   */
  help?: Record<string, string>;
  /**
   * Texts of the related locations ("notes") a diagnostic lists, by id, filled like messages: what users read under
   * a diagnostic is kept here with its messages and helps, so the registry checks its wording too.
   */
  notes?: Record<string, string>;
  /** Repo-relative path of docs/rules/<id>.md. */
  docs: string;
  /** `load` rules report while files are read and parsed; `graph` rules run over the finished graph. */
  stage: "load" | "graph";
  /**
   * The rule checks the entries and chapters it is given (`context.scope`), and what it says of one depends only on
   * that owner, what its references resolve to and lookups by id or name: after a one-file edit it re-runs on that
   * file's owners and what refers to them or shares their names, and whole when an entry of a kind in `wholeWhen`
   * changed. A rule without this runs whole on every re-lint.
   */
  incremental?: { wholeWhen: readonly string[] };
}

/** The owners a scoped run checks (absent: the whole graph). */
export interface RuleScope {
  /** Entries of the graph (each id's first). */
  entries: readonly Entry[];
  /** Entries sharing an id with an earlier one. */
  duplicates: readonly Entry[];
  chapters: readonly Chapter[];
  has(owner: Entry | Chapter): boolean;
}

export interface ReportBase {
  messageId: string;
  data?: Record<string, string | number>;
  /** Which of the rule's `meta.help` templates to fill (default: the message id's). */
  helpId?: string;
  related?: RelatedLocation[];
  /** Overrides the rule's default severity (a knock-on of another file's error is a warning, whatever the rule). */
  severity?: Severity;
  /**
   * The help as an edit, when it is mechanical: the text that replaces the reported range (the `span` of a string
   * field, the chapter/file offsets, or a whole string field's new value), written unescaped — the linter escapes it
   * for a JSON string.
   */
  fix?: { text: string; suggestion?: true };
}

/** Where a problem is: a field of an entry (optionally a span in its string), or offsets in a file. */
export type ReportTarget =
  | { entry: Entry; path?: JsonPath; key?: boolean; span?: { start: number; end: number } }
  | { chapter: Chapter; start: number; end: number; path?: JsonPath }
  | { source: SourceFile; start: number; end: number; path?: JsonPath };

export interface RuleContext {
  graph: ContentGraph;
  /** Set when only some owners are re-checked (incremental rules only); lookups still see the whole graph. */
  scope?: RuleScope;
  report(target: ReportTarget & ReportBase): void;
  /** A related location at an entry field, worded by the rule's `meta.notes[noteId]` ("defined here" notes). */
  relatedAt(
    entry: Entry,
    path: JsonPath,
    noteId: string,
    data?: Record<string, string | number>,
  ): RelatedLocation;
  /** The rule's `meta.notes[noteId]` filled with `data`, for a note at a place `relatedAt` does not reach. */
  note(noteId: string, data?: Record<string, string | number>): string;
}

export interface Rule {
  meta: RuleMeta;
  /** Graph rules only; load rules are applied by the loader through their helpers. */
  check?(context: RuleContext): void;
}

export function defineRule(rule: Rule): Rule {
  return rule;
}

export const docsUrl = (id: string) => `${DOCS_BASE}/${id}.md`;

/** How many items a message lists before it says how many more there are. */
export const LISTED_ITEMS = 5;

/** How many a help lists of a small closed set (the core's ten damage types): all of them, with room for a pack's. */
export const CLOSED_SET_ITEMS = 12;

/**
 * Items for a message, at most `max` of them, then "and 1,995 more": a message's length never grows with the
 * content, so no formatter's output grows with the square of a pack (6,000 alike-named entries each listing the
 * others took `--format sarif` past 3 GB).
 */
export function listOf(
  items: readonly string[],
  options: { separator?: string; max?: number; total?: number } = {},
): string {
  const { separator = ", ", max = LISTED_ITEMS, total = items.length } = options;
  const shown = items.slice(0, max);
  if (total <= shown.length) return shown.join(separator);
  return `${shown.join(separator)} and ${(total - shown.length).toLocaleString("en-US")} more`;
}

/** What a message calls an entry's or a chapter's kind, mid-sentence: `glossary term`, `limit break`, `chapter`. */
export function kindLabel(target: Entry | Chapter): string {
  return "definition" in target ? target.definition.label.toLowerCase() : "chapter";
}

/** `meta.notes[noteId]` filled with `data`; an id the meta lacks is the rule's bug, thrown so a test sees it. */
export function noteOf(meta: RuleMeta, noteId: string, data: Record<string, string | number> = {}): string {
  const template = meta.notes?.[noteId];
  if (template === undefined) throw new Error(`rule \`${meta.id}\` has no note \`${noteId}\``);
  return formatMessage(template, data);
}

/** The last of the notes a diagnostic lists, saying how many more it left out: "… (and 1,234 more)". */
export function andMore(message: string, more: number): string {
  return `${message} (and ${more.toLocaleString("en-US")} more)`;
}

/** Fill `{name}` placeholders; unknown placeholders stay visible so a broken template is noticed. */
export function formatMessage(template: string, data: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

export type DiagnosticSink = (diagnostic: Diagnostic) => void;
