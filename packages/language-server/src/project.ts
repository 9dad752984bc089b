// One content root as the server sees it: loaded and linted by the validator, with the editor's unsaved text
import { lstatSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  type Chapter,
  type ContentGraph,
  contentDirectory,
  type Diagnostic,
  type Entry,
  lintContentSync,
  lintPacks,
  type ResolvedReference,
} from "@momenta/validator";
import { Shadow } from "./shadow.ts";

/** The manifest that makes a folder a homebrew pack. */
export const PACK_MANIFEST = "momenta-pack.json";

/** One `[[…]]` use in a file, with its offsets in that file's text. */
export interface LocatedReference {
  use: ResolvedReference;
  owner: Entry | Chapter;
  start: number;
  end: number;
}

/** The result of one load and lint: the graph and every diagnostic, by file. */
export interface Snapshot {
  graph: ContentGraph;
  diagnostics: ReadonlyMap<string, Diagnostic[]>;
  /** Milliseconds the load and lint took. */
  elapsed: number;
}

const toPosix = (path: string) => (sep === "/" ? path : path.split(sep).join("/"));

function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

export class Project {
  readonly isPack: boolean;
  private readonly shadow: Shadow;
  private current: Snapshot | undefined;
  private byFile: Map<string, { use: ResolvedReference; owner: Entry | Chapter }[]> | undefined;
  private readonly located = new Map<string, LocatedReference[]>();

  constructor(
    /** Repository root (holding `content/`), a content folder, or a pack folder (holding the manifest). */
    readonly root: string,
  ) {
    this.isPack = isFile(join(root, PACK_MANIFEST));
    const content = relative(root, contentDirectory(root));
    this.shadow = new Shadow(root, this.isPack ? [PACK_MANIFEST, content] : [content]);
  }

  get snapshot(): Snapshot {
    return this.current ?? this.lint();
  }

  /** Load and lint the root (or its mirror, while buffers are unsaved) through the validator. */
  lint(): Snapshot {
    const started = performance.now();
    const root = this.shadow.loadRoot;
    const result = this.isPack ? lintPacks({ packs: [root], cwd: root }) : lintContentSync({ root });
    const diagnostics = new Map<string, Diagnostic[]>();
    for (const diagnostic of result.diagnostics) {
      const list = diagnostics.get(diagnostic.file);
      if (list) list.push(diagnostic);
      else diagnostics.set(diagnostic.file, [diagnostic]);
    }
    this.current = { graph: result.graph, diagnostics, elapsed: performance.now() - started };
    this.byFile = undefined;
    this.located.clear();
    return this.current;
  }

  /** Editor text for a file (root-relative), undefined for the disk's; true when that changes what is loaded. */
  setText(file: string, text: string | undefined): boolean {
    return this.shadow.set(file, text);
  }

  /** Files were created or deleted on disk. */
  filesChanged(): void {
    this.shadow.invalidate();
  }

  dispose(): void {
    this.shadow.dispose();
  }

  /** The root-relative name of a `file:` URI, or undefined outside the root. */
  fileOf(uri: string): string | undefined {
    if (!uri.startsWith("file:")) return undefined;
    const path = relative(this.root, fileURLToPath(uri));
    if (path === "" || path.startsWith("..") || isAbsolute(path)) return undefined;
    return toPosix(path);
  }

  /** The URI of a file the graph names (mirror paths mapped back to the root). */
  uriOf(file: string): string {
    const onDisk = this.snapshot.graph.pathOf(file);
    const loadRoot = this.shadow.loadRoot;
    if (onDisk && !onDisk.startsWith(`${loadRoot}${sep}`)) return pathToFileURL(onDisk).href;
    return pathToFileURL(join(this.root, file)).href;
  }

  /** Every reference use in a file, in order, with file offsets. */
  referencesIn(file: string): readonly LocatedReference[] {
    const cached = this.located.get(file);
    if (cached) return cached;
    const { graph } = this.snapshot;
    if (!this.byFile) {
      const byFile = new Map<string, { use: ResolvedReference; owner: Entry | Chapter }[]>();
      graph.forEachReference((use, owner) => {
        const list = byFile.get(owner.file);
        if (list) list.push({ use, owner });
        else byFile.set(owner.file, [{ use, owner }]);
      });
      this.byFile = byFile;
    }
    const source = graph.source(file);
    const located: LocatedReference[] = [];
    for (const { use, owner } of this.byFile.get(file) ?? []) {
      // chapter offsets are file offsets already; an entry's are offsets in the string at its path
      const at =
        owner.kind === "chapter" || !source
          ? { start: use.start, end: use.end }
          : source.locateInString(use.path, use.start, use.end);
      located.push({ use, owner, start: at.start, end: at.end });
    }
    located.sort((a, b) => a.start - b.start);
    this.located.set(file, located);
    return located;
  }

  /** The reference use under a file offset, if any. */
  referenceAt(file: string, offset: number): LocatedReference | undefined {
    return this.referencesIn(file).find((ref) => ref.start <= offset && offset <= ref.end);
  }

  /** The entry or chapter a file holds. */
  ownerOf(file: string): Entry | Chapter | undefined {
    const { graph } = this.snapshot;
    for (const entry of graph.entries.values()) if (entry.file === file) return entry;
    return graph.chapters.find((chapter) => chapter.file === file);
  }
}
