// Rule `components`: fixture cases under test/fixtures/rules/components/ and the exact diagnostics each gives
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describeRule } from "../rule-table.ts";

describeRule("components", {
  // the StatBlock's entry is in a file that did not parse: a note pointing there, not "there is no entry"
  "knock-on": {
    options: { paths: ["content/rules"] },
    expect: [
      ["knock-on", "content/rules/23-vision.mdx", 12, 1, 12, 38], // `<StatBlock id="condition/hindered">` is not checked: `condition/hindered` is in `content/conditions/hindered.json`, which did not load
    ],
  },
  // the entry's file is gone: no did-you-mean, and the help names no example id (it used to name this very one)
  "entry-gone": {
    prepare: (root) => rmSync(join(root, "content/conditions/hindered.json")),
    expect: [
      ["unknown-entry", "content/rules/23-vision.mdx", 12, 1, 12, 38], // `<StatBlock id="condition/hindered">`: there is no entry `condition/hindered`
    ],
  },
  attributes: {
    expect: [
      ["unknown-attribute", "content/rules/23-vision.mdx", 12, 1, 12, 40], // `<StatBlock>` has no attribute `entry`,
      ["missing-attribute", "content/rules/23-vision.mdx", 12, 1, 12, 40], // `<StatBlock>` needs a `id` attribute
      ["missing-attribute", "content/rules/23-vision.mdx", 16, 1, 16, 15], // `<SourceNote>` needs a `note` attribute
    ],
  },
  targets: {
    expect: [
      ["unknown-entry", "content/rules/23-vision.mdx", 12, 1, 12, 36], // `<StatBlock id="condition/grabed">`: there is no entry `condition/grabed`,
      ["unknown-kind", "content/rules/23-vision.mdx", 14, 1, 14, 28], // `<EntryList kind="spells">`: there is no kind `spells`,
      ["unknown-table", "content/rules/23-vision.mdx", 16, 1, 16, 36], // `<ComputedTable table="zero-dice">`: @momenta/rules computes no table `zero-dice`
    ],
  },
  "unknown-component": {
    expect: [
      ["unknown-component", "content/rules/23-vision.mdx", 12, 1, 12, 37], // `<Statblock>` is not a chapter component
    ],
  },
});
