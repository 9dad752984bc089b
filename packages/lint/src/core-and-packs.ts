// loadCoreAndPacks: the core content with the homebrew packs a target publishes, refused when a pack has lint errors
import type { ContentGraph, Diagnostic, LoadedPack } from "@momenta/content";
import { load } from "@momenta/content";
import { createStylish } from "./formatters/index.ts";
import { lintPacks, type PackLintResult } from "./lint-pack.ts";

export interface CoreAndPacksOptions {
  /** The repository root (or the folder holding the core `content/`). */
  coreRoot: string;
  /** Absolute pack folders, in the order given (MOMENTA_PACKS); empty for the core alone. */
  packs: readonly string[];
  /** Diagnostics name files relative to this folder. */
  cwd: string;
}

interface Loaded {
  graph: ContentGraph;
  /** The core load's diagnostics, or with packs the linter's (every pack file's, `rules-changed` included). */
  diagnostics: Diagnostic[];
  /** The packs as loaded, in order; empty without packs. */
  packs: LoadedPack[];
}

/** Content a target may publish: every pack linted without errors. */
export interface Publishable extends Loaded {
  ok: true;
  /** The name of the pack that brings an entry or chapter, by id (undefined for core). */
  packName(id: string): string | undefined;
  /** The names of the packs whose house-rule patches change an entry, each once; undefined for an unpatched one. */
  houseRules(id: string): string[] | undefined;
}

/** Content no target publishes: a pack has lint errors. Its graph is for reporting, never for a page or a file. */
export interface Refused extends Loaded {
  ok: false;
  /** The linter's report of the packs' problems (stylish, without color), for the target to print. */
  report: string;
}

export type CoreAndPacks = Publishable | Refused;

/** A pack's display name: its manifest's, else its id. */
const nameOf = (pack: LoadedPack) => pack.manifest?.name ?? pack.id;

/**
 * The core, and with packs the core plus every pack linted as untrusted input: the one path the site and the
 * exports take, so a pack with lint errors reaches no page and no exported file.
 */
export function loadCoreAndPacks(options: CoreAndPacksOptions): CoreAndPacks {
  if (options.packs.length === 0) {
    const { graph, diagnostics } = load({ root: options.coreRoot });
    return {
      ok: true,
      graph,
      diagnostics,
      packs: [],
      packName: () => undefined,
      houseRules: () => undefined,
    };
  }
  return coreAndPacksOf(
    lintPacks({ packs: [...options.packs], cwd: options.cwd, coreRoot: options.coreRoot }),
  );
}

/**
 * A lint of packs over the core (`lintPacks`, or a long-lived `PackRelint`'s current state, as the dev server keeps
 * it) as content a target publishes or refuses: one judgement for a build and a running dev server.
 */
export function coreAndPacksOf(result: PackLintResult): CoreAndPacks {
  const loaded: Loaded = { graph: result.graph, diagnostics: result.diagnostics, packs: result.packs };
  if (result.errorCount > 0)
    return {
      ...loaded,
      ok: false,
      report: createStylish({ color: false })({
        diagnostics: result.diagnostics,
        sourceText: result.sourceText,
        rules: [],
        errorCount: result.errorCount,
        warningCount: result.warningCount,
        fileCount: result.files.length - result.ignored,
        ignoredCount: result.ignored,
      }),
    };
  const names = new Map<string, string>();
  for (const pack of result.packs)
    for (const item of [...pack.entries, ...pack.chapters]) names.set(item.id, nameOf(pack));
  const packNames = new Map(result.packs.map((pack) => [pack.id, nameOf(pack)]));
  return {
    ...loaded,
    ok: true,
    packName: (id) => names.get(id),
    // a patched entry is the packs' house rule, not core text, on every target
    houseRules: (id) => {
      const patches = result.graph.entries.get(id)?.patches;
      return patches?.length
        ? [...new Set(patches.map((patch) => packNames.get(patch.pack) ?? patch.pack))]
        : undefined;
    },
  };
}
