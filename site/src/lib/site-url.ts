// The public address the site is served from (`SITE_URL`): canonical links and the sitemap use it, never a local one
const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

export type SiteUrl = { url: string | undefined } | { error: string };

/**
 * Reads `SITE_URL`. Unset or empty: no canonical links and no sitemap (a preview build has no public address).
 * Set: an absolute http(s) URL that is not a loopback address, normalized to end in `/`.
 */
export function siteUrlFrom(value: string | undefined): SiteUrl {
  const text = value?.trim();
  if (!text) return { url: undefined };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return {
      error: `error: SITE_URL \`${text}\` is not an absolute URL\nhelp: set SITE_URL to the address readers open, such as \`https://rules.example.org/\``,
    };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return {
      error: `error: SITE_URL \`${text}\` is not an http(s) URL\nhelp: set SITE_URL to the address readers open, such as \`https://rules.example.org/\``,
    };
  if (LOOPBACK.test(url.hostname))
    return {
      error: `error: SITE_URL \`${text}\` is a loopback address, which no reader can open\nhelp: leave SITE_URL unset for a local build (no canonical links, no sitemap), or set the public address`,
    };
  url.search = "";
  url.hash = "";
  if (!url.pathname.endsWith("/")) url.pathname = `${url.pathname}/`;
  return { url: url.href };
}
