// Stands in for @pagefind/default-ui (a Vite alias): Starlight's search UI, loading the ranked Pagefind wrapper
// @ts-expect-error — the package ships no types; the alias target is the real package's ES module
import { PagefindUI as DefaultPagefindUI } from "momenta:pagefind-default-ui";
import { RANKED_BUNDLE_DIR } from "../lib/search-bundle.ts";

/** Starlight fixes bundlePath to `<base>/pagefind/`; point the UI at the wrapper beside it instead. */
export class PagefindUI extends DefaultPagefindUI {
  constructor(options: { bundlePath?: string } & Record<string, unknown>) {
    const bundlePath = (options.bundlePath ?? "/pagefind/").replace(/pagefind\/$/, `${RANKED_BUNDLE_DIR}/`);
    super({ ...options, bundlePath });
  }
}
