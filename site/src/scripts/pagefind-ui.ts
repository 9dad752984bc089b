// Stands in for @pagefind/default-ui (a Vite alias): Starlight's search UI, loading the ranked Pagefind wrapper
// and warming Pagefind when the reader heads for the search box
// @ts-expect-error — the package ships no types; the alias target is the real package's ES module
import { PagefindUI as DefaultPagefindUI } from "momenta:pagefind-default-ui";
import { RANKED_BUNDLE_DIR } from "../lib/search-bundle.ts";

interface PagefindModule {
  init: () => Promise<void>;
}

/**
 * Starts Pagefind (its module, worker, wasm and index metadata: a chain of requests) as soon as the reader heads
 * for the search box, so a first query waits only for its own index chunk and results. The UI loads the same
 * module on focus; Pagefind keeps one instance.
 */
async function warm(bundlePath: string): Promise<void> {
  // the wrapper imports Pagefind's own module: fetch both at once instead of one after the other
  const preload = document.createElement("link");
  preload.rel = "modulepreload";
  preload.href = new URL("../pagefind/pagefind.js", new URL(bundlePath, location.href)).href;
  document.head.append(preload);
  try {
    const pagefind = (await import(/* @vite-ignore */ `${bundlePath}pagefind.js`)) as PagefindModule;
    await pagefind.init();
  } catch {
    // warming is an optimisation: a failure leaves the UI loading Pagefind on the first query, as before
  }
}

/** Starlight fixes bundlePath to `<base>/pagefind/`; point the UI at the wrapper beside it instead. */
export class PagefindUI extends DefaultPagefindUI {
  constructor(options: { bundlePath?: string; element?: string } & Record<string, unknown>) {
    const bundlePath = (options.bundlePath ?? "/pagefind/").replace(/pagefind\/$/, `${RANKED_BUNDLE_DIR}/`);
    // Pagefind's UI waits 300 ms after a key before searching (it preloads the word's chunk meanwhile)
    super({ debounceTimeoutMs: 120, ...options, bundlePath });
    // the search box's focus, or earlier: the pointer reaching, touching or focusing the button that opens it
    let warmed = false;
    const start = () => {
      if (!warmed) void warm(bundlePath);
      warmed = true;
    };
    const root = typeof options.element === "string" ? document.querySelector(options.element) : null;
    root?.addEventListener("focusin", start, { once: true });
    for (const button of document.querySelectorAll("site-search button[data-open-modal]"))
      for (const event of ["pointerenter", "pointerdown", "focus"])
        button.addEventListener(event, start, { once: true });
  }
}
