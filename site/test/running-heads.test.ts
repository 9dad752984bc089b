// The print book's running heads keep any title inert: one `<style>`, one `@page` rule per part, the title whole

import { runningHeadsCss } from "@momenta/render";
import * as csstree from "css-tree";
import { fromHtml } from "hast-util-from-html";
import { selectAll } from "hast-util-select";
import { describe, expect, it } from "vitest";

/** The `<style>` as the HTML parser and then the CSS parser read it: its elements, rules and running heads. */
function read(css: string) {
  const tree = fromHtml(`<html><head><style>${css}</style></head><body><p>after</p></body></html>`);
  const styles = selectAll("style", tree);
  // the raw text, as the CSS parser gets it (toText would collapse its white space)
  const text = (styles[0]?.children ?? [])
    .map((child) => (child.type === "text" ? child.value : ""))
    .join("");
  const sheet = csstree.parse(text) as csstree.StyleSheet;
  const heads: string[] = [];
  const rules: string[] = [];
  sheet.children.forEach((rule) => {
    rules.push(
      rule.type === "Atrule"
        ? `@${rule.name} ${csstree.generate(rule.prelude as never)}`
        : csstree.generate((rule as csstree.Rule).prelude),
    );
  });
  csstree.walk(sheet, {
    visit: "Declaration",
    enter(declaration) {
      if (declaration.property !== "content") return;
      csstree.walk(declaration.value, {
        visit: "String",
        enter(node) {
          heads.push(node.value);
        },
      });
    },
  });
  return { styles: styles.length, scripts: selectAll("script", tree).length, rules, heads };
}

describe("runningHeadsCss", () => {
  it.each([
    // the payload that ran on /print/book/ before the titles were serialized (now also refused by `pack/name-markup`)
    ["</title></style><script>window.__momentaPwned = 1</script> Fixture Chapter"],
    // lint-clean text that would end the string and the rule if it were only quoted
    ['Fixture "Chapter"; } } body { display: none } @page x { @top-center { content: "'],
    ['back\\slash \\" and a\nnew line'],
  ])("keeps %j one string in one rule", (title) => {
    const css = runningHeadsCss([
      { id: "chapter/core", page: "part-0", title: "Rolling Dice" },
      { id: "chapter/pack.x", page: "part-1", title },
    ]);
    const { styles, scripts, rules, heads } = read(css);
    expect(styles).toBe(1);
    expect(scripts).toBe(0);
    expect(rules).toEqual(["@page part-0", "#chapter\\/core", "@page part-1", "#chapter\\/pack\\.x"]);
    expect(heads).toEqual(["Rolling Dice", title.replace(/\n/g, " ")]);
  });
});
