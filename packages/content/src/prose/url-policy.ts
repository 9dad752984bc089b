// The one URL policy of Momenta prose: the linter reports what it refuses and the renderer drops the same links
/** How far a piece of prose is trusted: core content may link out; homebrew links only pages of this site. */
export type ProseTrust = "core" | "untrusted";

export type UrlRefusal =
  | { messageId: "unsafe-link"; data: { scheme: string } }
  | { messageId: "unsupported-scheme"; data: { scheme: string } }
  | { messageId: "external-link"; data: { url: string } }
  | { messageId: "protocol-relative"; data: { url: string } }
  | { messageId: "backslash"; data: { url: string } }
  | { messageId: "path-escape"; data: { url: string } };

/** Schemes that run code or smuggle documents: refused everywhere. */
const DANGEROUS_SCHEMES: ReadonlySet<string> = new Set(["javascript", "vbscript", "data", "file", "blob"]);
/** Schemes core prose may link to; homebrew may use none (its pages have no external links). */
const CORE_SCHEMES: ReadonlySet<string> = new Set(["http", "https", "mailto"]);

/** A URL as a browser reads it: ASCII whitespace and control characters are ignored inside it. */
function browserForm(url: string): string {
  let cleaned = "";
  for (const char of url) {
    const code = char.charCodeAt(0);
    if (code > 0x20 && (code < 0x7f || code > 0x9f)) cleaned += char;
  }
  return cleaned;
}

/** Scheme of a URL as a browser would read it (`java\tscript:` is javascript), lower-cased. */
export function urlScheme(url: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/.exec(browserForm(url).toLowerCase())?.[1];
}

function decoded(url: string): string {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
}

export const URL_POLICY = {
  dangerousSchemes: DANGEROUS_SCHEMES,
  coreSchemes: CORE_SCHEMES,
  /** Why a link target may not be emitted for prose of this trust, or undefined when it may. */
  refusal(url: string, trust: ProseTrust): UrlRefusal | undefined {
    const cleaned = browserForm(url);
    const scheme = urlScheme(url);
    if (scheme && DANGEROUS_SCHEMES.has(scheme))
      return { messageId: "unsafe-link", data: { scheme: `${scheme}:` } };
    // browsers read `\` as `/` in http(s) URLs: `/\evil.example` is `//evil.example`, another host
    if (decoded(cleaned).includes("\\")) return { messageId: "backslash", data: { url } };
    if (/^\/\//.test(decoded(cleaned))) return { messageId: "protocol-relative", data: { url } };
    if (scheme) {
      if (trust === "untrusted") return { messageId: "external-link", data: { url } };
      if (!CORE_SCHEMES.has(scheme))
        return { messageId: "unsupported-scheme", data: { scheme: `${scheme}:` } };
      return undefined;
    }
    if (/(^|[\\/])\.\.([\\/?#]|$)/.test(decoded(cleaned))) return { messageId: "path-escape", data: { url } };
    return undefined;
  },
  /** Whether a link target may be emitted for prose of this trust. */
  allows(url: string, trust: ProseTrust): boolean {
    return URL_POLICY.refusal(url, trust) === undefined;
  },
} as const;

/**
 * What a Markdown reader turns into a link by itself (GFM's and Obsidian's bare URLs and e-mails), whatever escapes
 * surround it: remark-gfm finds these in text nodes after parsing, so escaping `:` or `.` does not stop it. Global,
 * for find-and-replace; the runs are bounded, so a long word without `:` or `@` costs linear time.
 */
export const SELF_LINKING =
  /(?:[a-z][a-z0-9+.-]{0,31}:\/\/|www\.|mailto:|xmpp:)[^\s`]*|[\w+.-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63})+/gi;

/** The first bare URL or e-mail in `text` that a Markdown reader would link by itself, or undefined. */
export function selfLink(text: string): string | undefined {
  SELF_LINKING.lastIndex = 0;
  const found = SELF_LINKING.exec(text)?.[0];
  SELF_LINKING.lastIndex = 0;
  return found;
}
