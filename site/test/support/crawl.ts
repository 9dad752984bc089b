// Crawls a built site folder: every internal <a href> must reach a page, and every #anchor an element id
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";

export interface BrokenLink {
  page: string;
  href: string;
  problem: "missing page" | "missing anchor";
}

export interface CrawlReport {
  pages: number;
  links: number;
  broken: BrokenLink[];
}

function htmlFiles(root: string, folder = root, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== "_astro" && name !== "pagefind") htmlFiles(root, path, out);
    } else if (name.endsWith(".html")) out.push(path);
  }
  return out;
}

const decode = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** The URL path a file is served at: `condition/hindered/index.html` → `/condition/hindered/`. */
function urlPathOf(root: string, file: string): string {
  const path = `/${relative(root, file).split(sep).join("/")}`;
  return path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
}

function fileFor(root: string, urlPath: string): string | undefined {
  const clean = decodeURIComponent(urlPath);
  const candidates = clean.endsWith("/")
    ? [join(root, clean, "index.html")]
    : [join(root, clean), join(root, clean, "index.html")];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

export function crawl(root: string): CrawlReport {
  const files = htmlFiles(root);
  const ids = new Map<string, Set<string>>();
  const idsOf = (file: string): Set<string> => {
    let set = ids.get(file);
    if (!set) {
      set = new Set();
      for (const match of readFileSync(file, "utf8").matchAll(/\sid="([^"]*)"/g))
        set.add(decode(match[1] ?? ""));
      ids.set(file, set);
    }
    return set;
  };
  const broken: BrokenLink[] = [];
  let links = 0;
  for (const file of files) {
    const html = readFileSync(file, "utf8");
    const here = urlPathOf(root, file);
    for (const match of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
      const href = decode(match[1] ?? "");
      if (/^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href) || href === "" || href === "#") continue;
      links++;
      const [pathPart = "", anchor] = href.split("#", 2);
      const target =
        pathPart === "" ? file : fileFor(root, posix.resolve(posix.dirname(`${here}x`), pathPart));
      if (!target) {
        broken.push({ page: here, href, problem: "missing page" });
        continue;
      }
      // a fragment of `key=value` pairs is state the page's script reads (the builder's `#character=…`), no element id
      if (anchor && !/^[\w-]+=/.test(anchor) && !idsOf(target).has(decodeURIComponent(anchor)))
        broken.push({ page: here, href, problem: "missing anchor" });
    }
  }
  return { pages: files.length, links, broken };
}
