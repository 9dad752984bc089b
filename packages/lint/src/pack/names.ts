// Lookalike names: Unicode normalization (NFKC), invisible characters and UTS #39 confusable skeletons
import { selfLink } from "@momenta/content";
import unhomoglyph from "unhomoglyph";

/**
 * Zero-width joiners, soft hyphens, variation selectors … and bidi overrides: change a name without showing. Also
 * what renders as a blank or nothing without being ignorable: controls (`U+0085` …), format characters, private-use
 * and unassigned code points, and the blank letters (Braille pattern blank `U+2800`, the Hangul fillers).
 */
const INVISIBLE =
  /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2800\u115F\u1160\u3164\uFFA0]/gu;

/** The invisible or direction-changing characters of a name, as `U+XXXX` codes (none for a clean name). */
export function invisibleCharacters(name: string): string[] {
  return [...name.matchAll(INVISIBLE)].map(
    ([character]) => `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`,
  );
}

/** A name as a message may show it: invisible characters written as `\u{…}`, so a reader sees they are there. */
export function visibleName(name: string): string {
  return name.replace(INVISIBLE, (character) => `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}`);
}

/**
 * Two names look alike when they share a key. Both keys start from NFKC with invisible characters dropped; then the
 * UTS #39 skeleton (NFD, confusables.txt prototypes via `unhomoglyph`, NFD) is taken of the lower-cased name (so
 * case does not matter) and, lower-cased, of the name as written (so a capital lookalike such as Cyrillic `Н` for
 * `H` folds before case does); spaces collapse.
 */
export function lookalikeKeys(name: string): [string, string] {
  const stripped = name.normalize("NFKC").replace(INVISIBLE, "").replace(/\s+/g, " ").trim();
  const skeleton = (text: string) => unhomoglyph(text.normalize("NFD")).normalize("NFD");
  return [skeleton(stripped.toLowerCase()), skeleton(stripped).toLowerCase()];
}

/** Do two names look alike (see `lookalikeKeys`)? */
export function looksAlike(a: string, b: string): boolean {
  const [a1, a2] = lookalikeKeys(a);
  const [b1, b2] = lookalikeKeys(b);
  return a1 === b1 || a2 === b2;
}

/**
 * HTML a name would carry (a tag, comment, declaration or processing instruction, as CommonMark reads `<`),
 * character references (`&lt;`, `&#60;`) and what GFM and Obsidian link by themselves (a bare URL or e-mail, which
 * Obsidian's Properties view links whatever escapes surround it): a name is plain text, which every page and
 * export shows as written, so markup in one is either shown literally or, in a context that reads it, live.
 */
const MARKUP = /<\/?[A-Za-z]|<[!?]|&(?:#\d{1,7}|#[xX][\dA-Fa-f]{1,6}|[A-Za-z][\dA-Za-z]{1,31});/;

/** The first piece of markup in a name (up to its `>`, or 40 characters, for the message), or undefined. */
export function nameMarkup(name: string): string | undefined {
  const match = MARKUP.exec(name);
  // the URL policy's own pattern of what a reader links by itself, shown as far as the message needs
  if (!match) return selfLink(name)?.slice(0, 40);
  if (!match[0].startsWith("<")) return match[0];
  const rest = name.slice(match.index, match.index + 40);
  const close = rest.indexOf(">");
  return close === -1 ? rest : rest.slice(0, close + 1);
}
