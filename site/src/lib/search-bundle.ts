// Where the ranked Pagefind wrapper and the names index are served, and its event: imported by the browser's
// search UI, so it imports nothing
/** Folder the wrapper module is served from; the search UI loads `<folder>/pagefind.js` from it. */
export const RANKED_BUNDLE_DIR = "pagefind-ranked";

/** The search box's module (the ranked API answering names early), in a folder of its own under the wrapper's. */
export const SEARCH_BOX_DIR = `${RANKED_BUNDLE_DIR}/ui`;

/** The exact-names index, beside the wrapper module. */
export const NAMES_FILE = "names.json";

/** Dispatched on window when Pagefind's own answer can replace one given from the names index. */
export const SETTLED_EVENT = "momenta:search-settled";
