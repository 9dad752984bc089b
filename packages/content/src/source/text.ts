// Source text of one file: strict UTF-8 decoding, BOM handling, and offset → line/column mapping
import type { Range } from "../diagnostic.ts";

export interface DecodeResult {
  text: string;
  /** True when a UTF-8 byte order mark was stripped (columns then count from after it, as editors do). */
  hadBom: boolean;
  /** Byte offset of the first invalid UTF-8 sequence, when decoding failed. */
  invalidUtf8At?: number;
}

const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });

/** Decode bytes as strict UTF-8; on failure return the lossy text (for positions) and where it broke. */
export function decodeUtf8(bytes: Uint8Array): DecodeResult {
  const hadBom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    // the decoder drops a leading BOM itself (ignoreBOM: false)
    return { text: decoder.decode(bytes), hadBom };
  } catch {
    const at = firstInvalidUtf8(bytes);
    const valid = bytes.subarray(hadBom ? 3 : 0, at);
    return { text: new TextDecoder("utf-8").decode(valid), hadBom, invalidUtf8At: at };
  }
}

/** Byte offset of the first byte that does not start or continue a well-formed UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] ?? 0;
    let need = 0;
    let min = 0;
    if (b < 0x80) {
      i++;
      continue;
    }
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    let code = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return i;
    i += need + 1;
  }
  return bytes.length;
}

/** Line starts of a text, computed once, for offset → 1-based line/column lookups. */
export class LineIndex {
  private readonly starts: number[];

  constructor(readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      }
    }
    this.starts = starts;
  }

  /** 1-based line and column of a 0-based offset (clamped to the text). */
  position(offset: number): { line: number; column: number } {
    const at = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= at) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: at - (this.starts[low] ?? 0) + 1 };
  }

  /** The range covering `[start, end)`; an empty span is widened to one character so it stays visible. */
  range(start: number, end: number): Range {
    const from = this.position(start);
    const to = this.position(Math.max(end, Math.min(start + 1, this.text.length)));
    if (to.line === from.line && to.column <= from.column) to.column = from.column + 1;
    return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
  }

  /** The 0-based offset of a 1-based line and column: the inverse of `position`, clamped to the text. */
  offset(line: number, column: number): number {
    const start = this.starts[Math.max(0, Math.min(line, this.starts.length) - 1)] ?? 0;
    return Math.max(0, Math.min(start + column - 1, this.text.length));
  }

  /** The range of `[start, end)` as it is, empty when it is empty (an edit's range: never widened). */
  exactRange(start: number, end: number): Range {
    const from = this.position(start);
    const to = this.position(Math.max(start, end));
    return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
  }

  /** The text of a 1-based line, without its line break. */
  lineText(line: number): string {
    const start = this.starts[line - 1];
    if (start === undefined) return "";
    const next = this.starts[line];
    let end = next === undefined ? this.text.length : next;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13))
      end--;
    return this.text.slice(start, end);
  }

  get lineCount(): number {
    return this.starts.length;
  }
}
