// One loaded file: its text, lazily built line index and JSON tree, and diagnostics anchored in it
import type { Node } from "jsonc-parser";
import type { Diagnostic, JsonPath, RelatedLocation, Severity } from "../diagnostic.ts";
import { formatPath } from "../diagnostic.ts";
import {
  locateInText,
  locateJsonPath,
  type NodeLocation,
  parseJsonTree,
  stringIndexToOffset,
} from "./json.ts";
import { LineIndex } from "./text.ts";

export class SourceFile {
  private lineIndex: LineIndex | undefined;
  private tree: Node | undefined | null = null;
  /** Set by the loader when the text parsed as JSON without a problem: positions can then be found without a tree. */
  cleanJson = false;

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
    return (
      (this.cleanJson ? locateInText(this.text, path, options) : undefined) ??
      locateJsonPath(this.jsonTree, path, options)
    );
  }

  /** File offsets of `[start, end)` inside the decoded string at `path`. */
  locateInString(path: JsonPath, start: number, end: number): { start: number; end: number } {
    const node = this.nodeAt(path);
    if (node.approximate) return node;
    return {
      start: stringIndexToOffset(this.text, node.start, start),
      end: stringIndexToOffset(this.text, node.start, end),
    };
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
    return diagnostic;
  }

  related(start: number, end: number, message: string): RelatedLocation {
    return { file: this.file, message, ...this.lines.range(start, end) };
  }
}
