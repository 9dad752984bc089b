// What every long-lived lint offers its drivers (`lint --watch`, the language server, the dev server): the core's and the packs' alike
import type { ContentFiles, ContentGraph, LoadResult, Rule } from "@momenta/content";
import type { LintResult } from "./lint.ts";

/**
 * Quiet time after the last change event before re-linting a saved file (an editor writes a file in several events,
 * and a watcher may report only the first, the truncation): `lint --watch` and the dev server wait as long.
 */
export const WATCH_DELAY_MS = 50;

/** One edited file (root-relative, forward slashes); `text` is an editor's unsaved text, undefined for the disk's. */
export interface Change {
  file: string;
  text?: string;
}

/** What the last update did: `incremental` (with the number of files re-checked) or a `full` re-lint. */
export interface UpdateStats {
  mode: "incremental" | "full";
  /** Files whose owners the scoped rules re-checked (every file for a full re-lint). */
  checked: number;
}

/**
 * A lint kept up to date one change at a time: the core's `IncrementalLint` and the packs' `PackRelint`, which
 * `lint --watch`, the language server and the dev server drive alike.
 */
export interface Relint {
  /** The lint of the current state. */
  readonly current: LintResult;
  /** Whether the last update re-linted incrementally, and how many files it re-checked. */
  readonly stats: UpdateStats;
  /** Files whose diagnostics the last update may have changed; undefined: any file. */
  readonly affected: ReadonlySet<string> | undefined;
  /** Load and lint everything again (keeping the editor's texts). */
  full(): LintResult;
  /** Files changed on disk (`text` undefined) or in an editor. */
  update(changes: readonly Change[]): LintResult;
}

/**
 * Homebrew packs over the core, as `PackRelint` keeps them (lint-pack.ts): what such a lint loads, runs and adds.
 * The algorithm is the core's; only the load's own files (not the core's) are re-checked and reported.
 */
export interface PackTree {
  /** Load the packs over the core, every read through `files`. */
  load(): LoadResult;
  /** The registry's rules and the pack rules. */
  readonly rules: readonly Rule[];
  /** Where the packs' files are read from: the disk with the editor's unsaved texts over it. */
  readonly files: ContentFiles;
  /** The core, which a pack's entries are checked against as they load. */
  readonly dependencies: readonly ContentGraph[];
  /** The result with what a pack lint adds to every lint's (`rules-changed`, the source text for code frames). */
  finish(result: LintResult): LintResult;
}
