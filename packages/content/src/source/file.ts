// One loaded file: its text, lazily built line index and JSON tree, and diagnostics anchored in it
import type { Node } from "jsonc-parser";
import type { Diagnostic, JsonPath, RelatedLocation, Severity } from "../diagnostic.ts";
import { formatPath } from "../diagnostic.ts";
import {
  locateInText,
  locateJsonPath,
  type NodeLocation,
  type PropertyIndex,
  parseJsonTree,
  stringOffsets,
} from "./json.ts";
import { LineIndex } from "./text.ts";

/** How many locations a file answers by skimming its text before it indexes its tree instead. */
const FEW_LOCATES = 16;

export class SourceFile {
  private lineIndex: LineIndex | undefined;
  private tree: Node | undefined | null = null;
  /** Set by the loader when the text parsed as JSON without a problem: positions can then be found without a tree. */
  cleanJson = false;
  /** Locations asked so far: past a few, stepping through the text per path would make them quadratic. */
  private locates = 0;
  /** Object properties by key and string literals' offsets, kept once many locations are asked. */
  private properties: PropertyIndex | undefined;
  private readonly literals = new Map<number, Int32Array>();

  constructor(
    /** Repo-relative path with forward slashes. */
    readonly file: string,
    readonly text: string,
  ) {}

  get lines(): LineIndex {
    this.lineIndex ??= new LineIndex(this.text);
    return this.lineIndex;
  }

  /** The JSON syntax tree, re-parsed on demand: most files never need positions, so none is kept. */
  get jsonTree(): Node | undefined {
    if (this.tree === null) this.tree = parseJsonTree(this.text).tree;
    return this.tree;
  }

  /** File offsets of the value (or key) at a JSON path. */
  locate(path: JsonPath, options: { key?: boolean } = {}): { start: number; end: number } {
    return this.nodeAt(path, options);
  }

  private nodeAt(path: JsonPath, options: { key?: boolean } = {}): NodeLocation {
    // a few problems in a clean file: a skim along the path. Many (40,000 unknown keys took 38 s): one tree with
    // each object's keys indexed, so every further location costs its path's length
    if (++this.locates <= FEW_LOCATES) {
      const found = this.cleanJson ? locateInText(this.text, path, options) : undefined;
      if (found) return found;
      return locateJsonPath(this.jsonTree, path, options);
    }
    this.properties ??= new WeakMap();
    return locateJsonPath(this.jsonTree, path, options, this.properties);
  }

  /** File offsets of `[start, end)` inside the decoded string at `path`. */
  locateInString(path: JsonPath, start: number, end: number): { start: number; end: number } {
    const node = this.nodeAt(path);
    if (node.approximate) return node;
    let offsets = this.literals.get(node.start);
    if (!offsets) {
      offsets = stringOffsets(this.text, node.start);
      this.literals.set(node.start, offsets);
    }
    const at = (index: number) => offsets[Math.min(index, offsets.length - 1)] as number;
    return { start: at(start), end: at(end) };
  }

  diagnostic(options: {
    ruleId: string;
    messageId: string;
    severity: Severity;
    message: string;
    start: number;
    end: number;
    path?: JsonPath;
    help?: string;
    related?: RelatedLocation[];
    /** Replace `start`–`end` of the file's text with `text` (already escaped for where it goes). */
    fix?: { start: number; end: number; text: string; suggestion?: true };
  }): Diagnostic {
    const diagnostic: Diagnostic = {
      ruleId: options.ruleId,
      messageId: options.messageId,
      severity: options.severity,
      message: options.message,
      file: this.file,
      ...this.lines.range(options.start, options.end),
      path: options.path ? formatPath(options.path) : "",
      related: options.related ?? [],
    };
    if (options.help) diagnostic.help = options.help;
    if (options.fix)
      diagnostic.fix = {
        // exact: widening an empty span (as a shown range is) would make an insertion replace a character
        range: this.lines.exactRange(options.fix.start, options.fix.end),
        text: options.fix.text,
        ...(options.fix.suggestion && { suggestion: true as const }),
      };
    return diagnostic;
  }

  related(start: number, end: number, message: string): RelatedLocation {
    return { file: this.file, message, ...this.lines.range(start, end) };
  }
}
