// The first lint in two steps: a few files' diagnostics (an editor's open documents) once the load is done, then the rest
import type { ContentGraph, Diagnostic, Graph, LoadResult } from "@momenta/content";
import { unloadedFiles } from "@momenta/content";
import { IncrementalLint } from "./incremental.ts";
import { addAmbiguous, addSharers, byFile, loadCore, type Owner } from "./incremental-index.ts";
import { type LintOptions, lintResultOf, ownersOf, runRules } from "./lint.ts";

/**
 * A core tree loaded, not yet checked. `diagnosticsOf(files)` runs the scoped rules on those files' owners (and on
 * what can report at them: owners sharing their ids and names, and those of an ambiguous `[[Name]]` that may mean
 * them, as an incremental re-lint scopes an edit), the other rules whole, and gives what a full lint reports in those
 * files; `lint()` then checks everything from the same load. At 27,000 entries the rules are a quarter of a lint.
 */
export class FirstLint {
  private readonly loaded: LoadResult;

  constructor(private readonly options: LintOptions & { root: string }) {
    this.loaded = loadCore(options);
  }

  /**
   * The diagnostics of `files` (root-relative) by file, as a full lint gives them, or undefined where a scoped run
   * cannot tell them alone: a file without an entry or chapter, or with a load error (it may be a knock-on's cause,
   * whose error lists links in other files), or one that a knock-on in it would fold into another file's error.
   */
  diagnosticsOf(files: readonly string[]): Map<string, Diagnostic[]> | undefined {
    const graph = this.loaded.graph as Graph;
    const wanted = new Set(files);
    const owners: Owner[] = [];
    for (const entry of [...graph.entries.values(), ...graph.duplicates])
      if (wanted.has(entry.file)) owners.push(entry);
    for (const chapter of graph.chapters) if (wanted.has(chapter.file)) owners.push(chapter);
    const unloaded = unloadedFiles(graph).files;
    for (const file of wanted)
      if (unloaded.has(file) || !owners.some((owner) => owner.file === file)) return undefined;
    const loadDiagnostics = this.loaded.diagnostics;
    if (loadDiagnostics.some((d) => wanted.has(d.file) && d.severity === "error")) return undefined;
    const scope = new Set(wanted);
    for (const owner of owners) addSharers(owner, graph, scope);
    const raws = new Set<string>();
    addAmbiguous(graph, new Set(owners.map((owner) => owner.id)), raws, scope);
    if (raws.size > 0)
      graph.forEachReference(
        (_use, owner) => scope.add(owner.file),
        (reference) => raws.has(reference.raw),
      );
    const checked = ownersOf(graph, scope);
    const rules = runRules(graph, undefined, undefined, checked).filter((d) => wanted.has(d.file));
    if (rules.some((d) => d.messageId === "knock-on")) return undefined;
    const result = lintResultOf(graph, [...loadDiagnostics, ...rules], this.loaded.files, this.options, []);
    const out = byFile(result.diagnostics.filter((d) => wanted.has(d.file)));
    for (const file of wanted) if (!out.has(file)) out.set(file, []);
    return out;
  }

  /** The loaded graph, not yet checked. */
  get graph(): ContentGraph {
    return this.loaded.graph;
  }

  /** The whole lint, kept up to date from here on, from this load. */
  lint(): IncrementalLint {
    return new IncrementalLint(this.options, this.loaded);
  }
}
