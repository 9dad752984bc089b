// Where a diagnostic links its rule's page: one base for the terminal, SARIF and the editor, stated here only
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DOCS_BASE, docsUrl } from "@momenta/content";

/**
 * Set by the standalone bundle when its release knows the repository it is built from (the release workflow's
 * `--repository`): `<repository>/blob/v<version>/`, the pages of the very version that reported.
 */
declare const __MOMENTA_DOCS_ROOT__: string | undefined;

/** The checkout this module runs from (the nearest ancestor holding the rule pages), as a `file:` URL. */
function checkoutRoot(): string | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, DOCS_BASE))) return `${pathToFileURL(dir).href}/`;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * What the rule pages' repository-relative paths (`packages/lint/docs/rules/<id>.md`, `RuleMeta.docs`) are resolved
 * against. No site page and no repository URL exists to link instead (the project writes no URL down; the bundle
 * takes it from the release workflow), so a checkout links its own files and a released validator its tag's.
 */
export const DOCS_ROOT: string | undefined =
  typeof __MOMENTA_DOCS_ROOT__ === "string" ? __MOMENTA_DOCS_ROOT__ : checkoutRoot();

/** The rule's page as an absolute URL; the repository-relative path when no root is known (`""`: a bundle without one). */
export function ruleDocsUrl(ruleId: string, root: string | undefined = DOCS_ROOT): string {
  const path = docsUrl(ruleId);
  return root ? new URL(path, root).href : path;
}

/** Whether a docs link is a URL a terminal or an editor can open (not a bare repository-relative path). */
export const isAbsoluteUrl = (url: string) => /^(https?|file):/.test(url);
