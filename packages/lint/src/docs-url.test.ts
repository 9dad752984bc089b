// Rule links: every rule's page exists where the checkout links it, and a release links its own tag's copy
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { DOCS_ROOT, isAbsoluteUrl, ruleDocsUrl } from "./docs-url.ts";
import { PACK_RULES } from "./pack/rules.ts";
import { RULES } from "./rules/index.ts";

it("links every rule, pack rules and the release rule too, to a page that exists in this checkout", () => {
  const ids = [...RULES, ...PACK_RULES].map((rule) => rule.meta.id).concat("rules-changed", "config");
  for (const id of ids) {
    const url = ruleDocsUrl(id);
    expect(url.startsWith(DOCS_ROOT ?? "-") && url.endsWith(`/packages/lint/docs/rules/${id}.md`)).toBe(true);
    expect(existsSync(fileURLToPath(url))).toBe(true);
  }
});

it("resolves the page's repository path against a release's root, or leaves it as the path without one", () => {
  const root = "https://github.com/owner/momenta/blob/v0.31.0/";
  expect(ruleDocsUrl("references", root)).toBe(
    "https://github.com/owner/momenta/blob/v0.31.0/packages/lint/docs/rules/references.md",
  );
  expect(ruleDocsUrl("references", "")).toBe("packages/lint/docs/rules/references.md");
  expect([isAbsoluteUrl(ruleDocsUrl("references", root)), isAbsoluteUrl("packages/lint/docs")]).toEqual([
    true,
    false,
  ]);
});
