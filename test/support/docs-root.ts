// CLI output with the checkout's rule-page root replaced by one fixed text, so expected output is the same in any clone
import { DOCS_ROOT } from "@momenta/lint";

/** What stands for the checkout's `file:` root in expected output (the README writes it the same way). */
export const FIXED_DOCS_ROOT = "file:///…/";

/** `text` with every link to this checkout's rule pages rooted at `FIXED_DOCS_ROOT` instead of its real location. */
export function fixedDocsRoot(text: string): string {
  if (!DOCS_ROOT) throw new Error("no rule-page root: the tests run from a checkout, which has one");
  return text.replaceAll(DOCS_ROOT, FIXED_DOCS_ROOT);
}
