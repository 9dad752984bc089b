// The README's reference examples resolve on the real content, so an author who copies one gets a working link
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { lintContentSync } from "../src/lint.ts";

const REPO = join(import.meta.dirname, "../../..");

it("every `[[…]]` of the README's References list opens one entry or chapter (and its heading)", () => {
  const readme = readFileSync(join(REPO, "README.md"), "utf8");
  const list = readme.slice(readme.indexOf("- **References.**"), readme.indexOf("- **Autocompletion.**"));
  const examples = [...list.matchAll(/`(\[\[[^`]+\]\])`/g)].map((match) => match[1] as string);
  expect(examples.length).toBeGreaterThanOrEqual(5);
  const { graph } = lintContentSync({ root: REPO });
  for (const example of examples) {
    const resolution = graph.resolve(example);
    expect([example, resolution.ok]).toEqual([example, true]);
    if (!resolution.ok || !example.includes("#")) continue;
    const anchor = example.slice(example.indexOf("#") + 1, -2);
    const headings = "headings" in resolution.target ? resolution.target.headings.map((h) => h.slug) : [];
    expect(headings).toContain(anchor);
  }
});
