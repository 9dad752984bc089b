// Where the ranked Pagefind wrapper is served: imported by the browser's search UI, so it imports nothing
/** Folder the wrapper module is served from; the search UI loads `<folder>/pagefind.js` from it. */
export const RANKED_BUNDLE_DIR = "pagefind-ranked";
