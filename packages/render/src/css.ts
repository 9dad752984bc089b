// Serializers for text that goes into CSS inside an HTML `<style>` element: strings and identifiers, escaped once
/**
 * A CSS string token holding `text` exactly, safe inside an HTML `<style>` element: besides what CSSOM's
 * "serialize a string" escapes (`"`, `\`, control characters), `<`, `>` and `&` become hex escapes, so no
 * `</style` can end the element early (the HTML parser reads `<style>` as raw text and knows nothing of CSS
 * quoting), and line separators, bidi controls and other invisible format characters are escaped too.
 */
export function cssString(text: string): string {
  let out = '"';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code === 0) out += "\uFFFD";
    else if (character === '"' || character === "\\") out += `\\${character}`;
    else if (UNSAFE.test(character)) out += hexEscape(code);
    else out += character;
  }
  return `${out}"`;
}

/**
 * A CSS identifier that matches `text` exactly (CSSOM's `CSS.escape`), for `#id` selectors, with the same
 * characters as `cssString` hex-escaped so that it too is safe inside `<style>`.
 */
export function cssIdentifier(text: string): string {
  let out = "";
  const characters = [...text];
  characters.forEach((character, index) => {
    const code = character.codePointAt(0) ?? 0;
    const digitAt = /[0-9]/.test(character) && (index === 0 || (index === 1 && characters[0] === "-"));
    if (code === 0) out += "\uFFFD";
    else if (UNSAFE.test(character) || digitAt) out += hexEscape(code);
    else if (index === 0 && character === "-" && characters.length === 1) out += "\\-";
    else if (/[A-Za-z0-9_-]/.test(character) || code >= 0x80) out += character;
    else out += `\\${character}`;
  });
  return out;
}

// controls, `<` `>` `&`, and Unicode's line/paragraph separators, bidi and other format (Cf) characters
const UNSAFE = /[<>&\u2028\u2029\p{Cc}\p{Cf}]/u;

function hexEscape(code: number): string {
  // the trailing space ends the escape, so a hex digit after it is read as text
  return `\\${code.toString(16)} `;
}
