// Text from content made safe for a terminal: control characters and bidi overrides shown as `\u{…}`, never sent raw
/**
 * What can drive or reorder a terminal or a log viewer: C0 controls but tab (ESC starts every escape sequence),
 * DEL, C1 controls (U+009B is a one-byte CSI), bidi embeddings, overrides, isolates and marks (Trojan Source),
 * and the Unicode line and paragraph separators.
 */
export const UNSAFE_RANGES: readonly (readonly [number, number])[] = [
  [0x00, 0x08],
  [0x0a, 0x1f],
  [0x7f, 0x9f],
  [0x61c, 0x61c],
  [0x200e, 0x200f],
  [0x2028, 0x2029],
  [0x202a, 0x202e],
  [0x2066, 0x2069],
];
const hex = (code: number) => `\\u{${code.toString(16)}}`;
const CLASS = `[${UNSAFE_RANGES.map(([from, to]) => `${hex(from)}-${hex(to)}`).join("")}]`;
const UNSAFE = new RegExp(CLASS, "gu");
const UNSAFE_TEST = new RegExp(CLASS, "u");

const LINE_BREAK = /[\n\r]/;

/**
 * `text` with every unsafe character written as `\u{1B}`; our own colors are added after, so they survive.
 * `keepLineBreaks` leaves LF and CR for a format that encodes them itself (GitHub's `%0A`).
 */
export function escapeForTerminal(text: string, options: { keepLineBreaks?: boolean } = {}): string {
  if (!UNSAFE_TEST.test(text)) return text;
  return text.replace(UNSAFE, (c) =>
    options.keepLineBreaks && LINE_BREAK.test(c)
      ? c
      : `\\u{${(c.codePointAt(0) ?? 0).toString(16).toUpperCase()}}`,
  );
}
