// Stands in for @pagefind/default-ui (a Vite alias): Starlight's search UI, loading the ranked Pagefind wrapper,
// fetching the names index (and on a first visit Pagefind) when the page is idle, else when the reader heads for search
// @ts-expect-error — the package ships no types; the alias target is the real package's ES module
import { PagefindUI as DefaultPagefindUI } from "momenta:pagefind-default-ui";
import { decompressMeta, indexChunks } from "../lib/pagefind-meta.ts";
import { NAMES_FILE, RANKED_BUNDLE_DIR, SEARCH_BOX_DIR, SETTLED_EVENT } from "../lib/search-bundle.ts";

interface RankedModule {
  warm: (withEngine?: boolean) => void;
  init: () => Promise<void>;
  preload: (term: string) => Promise<void>;
}

function hint(href: string, rel: "modulepreload" | "preload"): void {
  if (document.head.querySelector(`link[rel="${rel}"][href="${CSS.escape(href)}"]`)) return;
  const link = document.createElement("link");
  link.rel = rel;
  link.href = href;
  // a fetch() preload: same-origin CORS mode, so the wrapper's own fetch() of the file takes this response
  if (rel === "preload") {
    link.as = "fetch";
    link.crossOrigin = "anonymous";
  }
  document.head.append(link);
}

/**
 * Pagefind's metadata file is named in its entry file, which Pagefind asks for only once its own module has run
 * (and again on every page load: its URL carries a timestamp). Read the entry now and request the metadata, so
 * Pagefind's own request for it finds the response already on its way.
 */
function preloadMeta(root: URL, language: string): Promise<string | undefined> {
  return fetch(new URL("pagefind/pagefind-entry.json", root), { cache: "no-store" })
    .then((response) => response.json())
    .then((entry: { languages?: Record<string, { hash: string }> }) => {
      const languages = entry.languages ?? {};
      const index = languages[language] ?? Object.values(languages)[0];
      if (!index) return undefined;
      const meta = new URL(`pagefind/pagefind.${index.hash}.pf_meta`, root).href;
      hint(meta, "preload");
      return meta;
    })
    .catch(() => undefined);
}

/**
 * Pagefind loads an index chunk only when a query's word needs it, so a first full-text query waits for its chunk
 * and then for its pages' fragments. Once the engine is ready, Pagefind's own preload is given the first word of
 * every chunk (read from the metadata, which Pagefind has just fetched: a static host's cache usually answers it
 * again), so it loads the whole index (5 chunks, ~136 KB) and a later query waits for its fragments alone.
 */
function preloadIndex(box: RankedModule, meta: Promise<string | undefined>, wanted: () => boolean): void {
  Promise.all([meta, box.init()])
    .then(async ([url]) => {
      if (!url || !wanted()) return;
      const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
      const chunks = indexChunks(await decompressMeta(bytes));
      if (chunks.length && wanted()) await box.preload(chunks.map(chunkWord).join(" "));
    })
    // an optimisation: without it a query loads the chunks its words need, as Pagefind does
    .catch(() => undefined);
}

/**
 * A word Pagefind's preload files under this chunk: its first, unless punctuation Pagefind strips from a query
 * (“name” gives `name`, the previous chunk's last word) makes it land elsewhere; then its last, if that is plain.
 */
function chunkWord(chunk: { from: string; to: string }): string {
  const plain = /^[\p{L}\p{N}]+$/u;
  return plain.test(chunk.from) || !plain.test(chunk.to) ? chunk.from : chunk.to;
}

/**
 * Starts, all at once rather than each found by the one before: the search box's module, the ranked module it
 * imports and the names index (enough to answer a name), and with `engine` Pagefind's module and wasm, which the
 * ranked module then starts with its metadata and filters; with `index` too (asked once the engine is ready) all of
 * Pagefind's index. The UI imports the same box module on focus; Pagefind keeps one instance.
 */
function warm(root: URL, engine: boolean, index?: () => boolean): void {
  const ranked = new URL(`${RANKED_BUNDLE_DIR}/`, root);
  hint(new URL("pagefind.js", ranked).href, "modulepreload");
  hint(new URL(NAMES_FILE, ranked).href, "preload");
  let meta: Promise<string | undefined> = Promise.resolve(undefined);
  if (engine) {
    hint(new URL("pagefind/pagefind.js", root).href, "modulepreload");
    // the biggest file, named by the page's language alone (Pagefind asks for it only after two more requests)
    const language = (document.documentElement.lang || "unknown").toLowerCase().split("-")[0] ?? "unknown";
    hint(new URL(`pagefind/wasm.${language}.pagefind`, root).href, "preload");
    meta = preloadMeta(root, language);
  }
  import(/* @vite-ignore */ new URL(`${SEARCH_BOX_DIR}/pagefind.js`, root).href)
    .then((box: RankedModule) => {
      box.warm(engine);
      if (engine && index) preloadIndex(box, meta, index);
    })
    // warming is an optimisation: a failure leaves the UI loading Pagefind on the first query, as before
    .catch(() => undefined);
}

interface SearchResult {
  url: string;
  meta?: { title?: string } & Record<string, unknown>;
  filters?: Record<string, string[]>;
  sub_results?: Array<{ title?: string; url: string }>;
}

/**
 * A result says what kind of page it is ("Hindered · Condition" and "Hindered · Glossary term" are no longer two
 * identical cards), and the sub-result that only repeats its title (the page's text before its first heading,
 * anchored at the title's `#_top`) becomes the page's own excerpt, under the title, instead of a nested card.
 */
function readableResult(result: SearchResult): SearchResult {
  const title = result.meta?.title ?? "";
  const subs = result.sub_results ?? [];
  const own = subs.find((sub) => sub.title === title || sub.url.endsWith("#_top"));
  // Pagefind's UI shows a first sub-result at the page's own address as the result's excerpt
  if (own) result.sub_results = [{ ...own, url: result.url }, ...subs.filter((sub) => sub !== own)];
  const kind = result.filters?.kind?.[0];
  if (kind && result.meta && !title.endsWith(` · ${kind}`)) result.meta.title = `${title} · ${kind}`;
  return result;
}

/** Enter in the box opens the first result; the arrow keys move from the box through the results and back. */
function resultKeys(box: Element): void {
  const links = () => [
    ...box.querySelectorAll<HTMLAnchorElement>(
      ".pagefind-ui__result-inner > .pagefind-ui__result-title > .pagefind-ui__result-link",
    ),
  ];
  box.addEventListener("keydown", (event) => {
    if (!(event instanceof KeyboardEvent) || event.altKey || event.ctrlKey || event.metaKey) return;
    const input = box.querySelector<HTMLInputElement>("input.pagefind-ui__search-input");
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === "Enter" && event.target === input && all[0]) {
      event.preventDefault();
      all[0].click();
    } else if (event.key === "ArrowDown" && all.length && (event.target === input || at >= 0)) {
      event.preventDefault();
      all[Math.min(at + 1, all.length - 1)]?.focus();
    } else if (event.key === "ArrowUp" && at >= 0) {
      event.preventDefault();
      if (at === 0) input?.focus();
      else all[at - 1]?.focus();
    }
  });
}

/** Starlight fixes bundlePath to `<base>/pagefind/`; point the UI at the wrapper beside it instead. */
export class PagefindUI extends DefaultPagefindUI {
  /** Pagefind UI's own: selects these filters and searches the box's term again. */
  declare triggerFilters: (filters: Record<string, string[]>) => void;

  constructor(
    options: {
      bundlePath?: string;
      element?: string;
      processResult?: (result: SearchResult) => unknown;
    } & Record<string, unknown>,
  ) {
    const base = (options.bundlePath ?? "/pagefind/").replace(/pagefind\/$/, "");
    const starlight = options.processResult;
    // Pagefind's UI waits 300 ms after a key before searching (it preloads the word's chunk meanwhile); a short
    // excerpt, no sub-result repeating the page's own title and compact cards (styles/momenta.css) fit ten
    // results to a screen, so ten are shown before "Load more results" (Pagefind's default is five)
    super({
      debounceTimeoutMs: 120,
      excerptLength: 12,
      pageSize: 10,
      ...options,
      processResult: (result: SearchResult) => {
        starlight?.(result);
        return readableResult(result);
      },
      bundlePath: `${base}${SEARCH_BOX_DIR}/`,
    });
    const root = new URL(base, location.href);
    // Starlight builds this UI when the page is idle: the names index (17 KB gzipped) comes now, and Pagefind too
    // (81 KB) on a first visit, which the service worker's precache downloads anyway; a page the worker controls
    // has it all locally, and a reader saving data gets Pagefind on intent only
    const saveData = (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
    let warmed = false;
    // the whole index too, unless the reader has headed for search meanwhile: then their query's own chunk and
    // fragments go first, not behind four chunks it does not need (Pagefind fetches in the order asked)
    warm(root, !saveData && !navigator.serviceWorker?.controller, () => !warmed);
    const start = () => {
      if (!warmed) warm(root, true);
      warmed = true;
    };
    // intent: the pointer reaching or touching the button that opens search, its focus, the box's focus, Ctrl/⌘-K
    const box = typeof options.element === "string" ? document.querySelector(options.element) : null;
    box?.addEventListener("focusin", start, { once: true });
    // Pagefind's box is named by its title attribute alone (axe: label-title-only); give it that name as a label
    const input = box?.querySelector("input");
    if (input && !input.hasAttribute("aria-label"))
      input.setAttribute("aria-label", input.title || input.placeholder);
    for (const button of document.querySelectorAll("site-search button[data-open-modal]"))
      for (const event of ["pointerenter", "pointerdown", "touchstart", "focus"])
        button.addEventListener(event, start, { once: true, passive: true });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "/" || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k")) {
        start();
        window.removeEventListener("keydown", onKey, true);
      }
    };
    window.addEventListener("keydown", onKey, true);
    if (box) resultKeys(box);
    // a first query answered from the names index: search again once Pagefind can answer it (same term); a
    // reader who has ticked a filter meanwhile has already searched again, and Pagefind answered that
    window.addEventListener(
      SETTLED_EVENT,
      () => {
        if (!box?.querySelector(".pagefind-ui__filter-checkbox:checked")) this.triggerFilters({});
      },
      { once: true },
    );
  }
}
