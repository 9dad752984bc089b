// axe-core as every browser test runs it, its violations summarized for an assertion
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** One rule the page breaks, with the selectors of its first three offending nodes. */
export interface AxeViolation {
  id: string;
  nodes: string[];
}

/**
 * The page's axe violations (all of axe's default rules), or those inside `include`. On a page with no frame
 * but its own, axe runs as `axe.run` in the page (AxeBuilder's legacy mode): the default mode runs `runPartial`
 * in every frame, then opens a blank page, injects axe again and sends it every partial result to finish the run,
 * which made an audit about 1.5–2× as long on this machine (the glossary: 7.9–13.5 s against 5.4–5.8 s;
 * /chapter/rolling-dice/: 3.1–3.2 s against 1.5–1.6 s; the same violations, passes and incomplete). Both
 * modes audit a single-frame page alike (axe.test.ts); a page with frames gets the default mode, which also
 * audits cross-origin ones.
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  const builder = new AxeBuilder({ page })
    .setLegacyMode(page.frames().length === 1)
    // only violations are asserted: axe then keeps one node per rule for the passes and the incomplete
    .options({ resultTypes: ["violations"] });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
  }));
}
