// html-validate's config for the built site (html-validate 9.7.1 loads `.htmlvalidate.mjs`, so
// `npx html-validate dist` in site/ uses it too; site/test/html-validate.test.ts runs it over every built page).
// Every rule of `html-validate:recommended` is on, except where the markup of the framework itself (Astro,
// Starlight) trips it; each exception says which markup and why. Our own markup
// (site/src, packages/render) is fixed instead.

/** Rules turned off, each with the framework markup that trips it. */
export const turnedOff = {
  "void-style":
    "Starlight's <head> writes `<meta .../>` and `<link .../>` self-closed and the chapters' MDX " +
    "(@astrojs/mdx) writes a hard line break as `<br/>`, " +
    "while Astro components write `<input>` and `<img>` without the slash: no one style fits both",
  "no-implicit-button-type":
    "Starlight's search button, the search dialog's Cancel button and the phone menu button have no `type` " +
    "(none is in a form); our own buttons all have one",
  "unique-landmark":
    "Starlight's table of contents is two <nav>s (the phone's and the wide screen's), both named \"On this " +
    'page", on every page that has one (site/test/html-validate.test.ts holds every other landmark to the rule)',
  "doctype-style":
    "Astro's redirect pages (the `redirects` of astro.config.mjs) start `<!doctype html>` in lower case, " +
    "Starlight's pages `<!DOCTYPE html>`",
  "long-title":
    "Astro's redirect pages are titled `Redirecting to: <path>`, longer than 70 characters for long entry paths",
};

/** Rules kept on with an option loosened, each with the framework markup that needs it. */
export const loosened = {
  "valid-id":
    "relaxed (any id without whitespace, as HTML allows): Starlight's table of contents links its first entry " +
    "to `#_top`, the id Starlight's page title has (our PageTitle override keeps it), which the strict form " +
    "refuses for not starting with a letter",
  "no-inline-style":
    "custom properties allowed: Starlight's icons (`--sl-icon-size`), table of contents (`--depth`) and theme " +
    "select (`--sl-select-width`) set them inline, so does the dice calculator's probability bar (`--p`, a " +
    "value per row that the script updates); Starlight's search dialog (Pagefind's UI) sets `padding:0`",
};

/** @type {import("html-validate").ConfigData} */
export default {
  root: true,
  extends: ["html-validate:recommended"],
  rules: {
    ...Object.fromEntries(Object.keys(turnedOff).map((rule) => [rule, "off"])),
    "valid-id": ["error", { relaxed: true }],
    "no-inline-style": [
      "error",
      { allowedProperties: ["display", "--sl-icon-size", "--depth", "--sl-select-width", "--p", "padding"] },
    ],
  },
};
