// House-rule patches: fixture packs patching a weapon, a condition and an Art — clean, conflicting, rule-breaking, id-touching
import { join } from "node:path";
import type { Diagnostic, Entry } from "@momenta/content";
import { mergePatch, patchLeaves } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { lintPacks } from "../lint-pack.ts";
import { findCoreRoot, loadCore } from "./core.ts";

const cwd = join(import.meta.dirname, "../../test/fixtures/patch-packs");
const lint = (...packs: string[]) => lintPacks({ packs, cwd });
const show = (d: Diagnostic) =>
  `${d.file}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId}/${d.messageId} ${d.message}${d.help ? ` | help: ${d.help}` : ""}`;
const entry = (result: ReturnType<typeof lint>, id: string) => result.graph.entries.get(id) as Entry;

const CONFLICT_HELP =
  "two house rules cannot both set one field: keep one of the patches, or drop the field from one of them";

describe("house-rule patches (a load option of the one loader)", () => {
  it("a clean pack patches a weapon, a condition and an Art: the graph holds the patched entries, the core is untouched", () => {
    const result = lint("house-rules");
    expect(result.diagnostics.map(show)).toEqual([]);
    expect(result.files).toEqual([
      "house-rules/momenta-pack.json",
      "house-rules/patches/art/mend.json",
      "house-rules/patches/condition/wracked.json",
      "house-rules/patches/weapon/dagger.json",
    ]);
    const dagger = entry(result, "weapon/dagger");
    expect(dagger.data.damage).toEqual({ "0s": 1, "1s": 4, "2s": 8, "3+": 13 });
    expect(dagger.file).toBe("house-rules/patches/weapon/dagger.json");
    expect(dagger.pack).toBeUndefined();
    expect(dagger.patches).toEqual([
      {
        pack: "house-rules",
        file: "house-rules/patches/weapon/dagger.json",
        paths: [
          ["damage", "3+"],
          ["effect", "3+"],
        ],
      },
    ]);
    expect(dagger.base?.data.damage).toEqual({ "0s": 1, "1s": 4, "2s": 8, "3+": 12 });
    expect(entry(result, "condition/wracked").data.stackable).toEqual({ max: 4 });
    expect(entry(result, "art/mend").data.baseCost).toBe(3);
    // unpatched fields and references survive the merge; the name still resolves to the patched entry
    expect(entry(result, "condition/wracked").data.parameter).toMatchObject({ of: "damage-type" });
    const byName = result.graph.resolve("[[Dagger]]");
    expect(byName.ok && byName.target).toBe(dagger);
    // the core, loaded once per process, is never mutated
    const core = loadCore(findCoreRoot() as string).graph.entries.get("weapon/dagger") as Entry;
    expect((core.data.damage as Record<string, number>)["3+"]).toBe(12);
    expect(core.patches).toBeUndefined();
  });

  it("two packs patching the same field: a conflict at each patch, naming the other pack", () => {
    const result = lint("house-rules", "rival-rules");
    expect(result.diagnostics.map(show)).toEqual([
      `house-rules/patches/weapon/dagger.json:2:15-2:19 patch/conflict \`damage.3+\` of \`weapon/dagger\` is also patched by pack \`rival-rules\` | help: ${CONFLICT_HELP}`,
      `house-rules/patches/weapon/dagger.json:3:15-3:19 patch/conflict \`effect.3+\` of \`weapon/dagger\` is also patched by pack \`rival-rules\` | help: ${CONFLICT_HELP}`,
      `rival-rules/patches/weapon/dagger.json:2:15-2:19 patch/conflict \`damage.3+\` of \`weapon/dagger\` is also patched by pack \`house-rules\` | help: ${CONFLICT_HELP}`,
      `rival-rules/patches/weapon/dagger.json:3:15-3:19 patch/conflict \`effect.3+\` of \`weapon/dagger\` is also patched by pack \`house-rules\` | help: ${CONFLICT_HELP}`,
    ]);
    expect(result.diagnostics[0]?.related).toEqual([
      {
        file: "rival-rules/patches/weapon/dagger.json",
        message: "pack `rival-rules` patches it here",
        line: 2,
        column: 15,
        endLine: 2,
        endColumn: 19,
      },
    ]);
    expect(result.errorCount).toBe(4);
  });

  it("a patch that breaks a rule or a schema is reported in the patch file, by every rule", () => {
    const result = lint("broken-rules");
    expect(result.diagnostics.map(show)).toEqual([
      "broken-rules/patches/art/mend.json:2:15-2:20 schema/invalid-type `baseCost`: expected a number, got a string",
      "broken-rules/patches/condition/hindered.json:2:44-2:53 references/missing `[[Slowd]]` does not match any entry or chapter | help: did you mean `[[Slowed]]`",
      "broken-rules/patches/condition/hindered.json:2:55-2:63 untrusted-prose/script a `<script>` element; homebrew prose never runs scripts | help: use Markdown (`**bold**`, `*italic*`, lists, links) instead of HTML",
      "broken-rules/patches/condition/hindered.json:2:71-2:80 untrusted-prose/script a `<script>` element; homebrew prose never runs scripts | help: use Markdown (`**bold**`, `*italic*`, lists, links) instead of HTML",
      "broken-rules/patches/weapon/dager.json:1:1-1:2 patch/target-missing `weapon/dager` is not an entry of the core or a loaded pack, so there is nothing to patch | help: did you mean `weapon/dagger`? rename the file to `dagger.json`",
      "broken-rules/patches/weapon/dagger.json:2:21-2:22 weapons/ladder-decreasing `damage.2s` is 2, less than `damage.1s` (4) | help: more successes never deal less damage: check the numbers against the book",
      "broken-rules/patches/weapons/dagger.json:1:1-1:2 patch/unknown-kind `patches/weapons` is not a kind: a patch is `patches/<kind>/<slug>.json` | help: did you mean `patches/weapon`? the folder is the kind, as in the id `weapon/<slug>`",
    ]);
    // the patched entry's references: the base's outside the patched field, and the patch's own
    const hindered = entry(result, "condition/hindered");
    expect(hindered.references.map((use) => use.reference.raw)).toEqual(["[[SPD]]", "[[Slowd]]"]);
    expect(hindered.base?.references.map((use) => use.reference.raw)).toEqual([
      "[[SPD]]",
      "[[maneuver:Shift]]",
      "[[reaction:Dodge]]",
    ]);
    // an entry its patch made invalid stays in the graph, marked invalid (rules skip it, as any invalid entry)
    expect(entry(result, "art/mend").valid).toBe(false);
  });

  it("a patch never changes an id: the `id` key is an error and is not applied", () => {
    const result = lint("id-rules");
    expect(result.diagnostics.map(show)).toEqual([
      "id-rules/patches/condition/hindered.json:2:3-2:7 patch/id a patch may not change `id`: ids are stable forever | help: remove `id`: the file's path already names the entry it patches (`condition/hindered`)",
    ]);
    expect(entry(result, "condition/hindered").data.stackable).toEqual({ max: 2 });
    expect(result.graph.entries.get("condition/slowed")?.patches).toBeUndefined();
  });

  it("keys that shadow `Object.prototype` members are errors at the key, dropped, and the rest of the patch applies", () => {
    const result = lint("prototype-rules");
    expect(result.diagnostics.map(show)).toEqual([
      "prototype-rules/patches/condition/hindered.json:2:3-2:19 patch/prototype-key the key `hasOwnProperty` is not a field of any kind and is not allowed in a patch | help: remove the key: it names a member every JavaScript object has, so the merge would not treat it as data",
      "prototype-rules/patches/condition/hindered.json:3:18-3:28 patch/prototype-key the key `toString` is not a field of any kind and is not allowed in a patch | help: remove the key: it names a member every JavaScript object has, so the merge would not treat it as data",
      "prototype-rules/patches/condition/hindered.json:4:3-4:16 unsafe-input/forbidden-key the key `constructor` is not allowed | help: rename or remove the key",
    ]);
    const hindered = entry(result, "condition/hindered");
    expect(hindered.data.stackable).toEqual({ max: 3 });
    // json-merge-patch stopped at `constructor` and dropped what followed it
    expect(hindered.aliases).toEqual(["Held Back"]);
  });

  it("a pack patches only the core and the packs it declares", () => {
    const ember = join(import.meta.dirname, "../../../../examples/homebrew");
    const result = lintPacks({ packs: ["sneaky-rules", ember], cwd });
    expect(result.diagnostics.map(show)).toEqual([
      'sneaky-rules/patches/condition/ember-court.smouldering.json:1:1-1:2 pack/undeclared-patch the patch of `condition/ember-court.smouldering` changes pack `ember-court`, which is not a dependency in `momenta-pack.json` | help: add `"ember-court": "<version range>"` to `dependencies` in momenta-pack.json, or drop the patch',
    ]);
  });

  it("the merge reads own keys only: a target or patch key named like an `Object.prototype` member is data", () => {
    const target = JSON.parse('{"hasOwnProperty":1,"a":{"b":1,"c":2},"__proto__":{"polluted":true}}');
    const merged = mergePatch(target, JSON.parse('{"a":{"b":null},"d":[1],"__proto__":{"x":1}}'));
    expect(merged).toEqual(
      JSON.parse('{"hasOwnProperty":1,"a":{"c":2},"__proto__":{"polluted":true,"x":1},"d":[1]}'),
    );
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(target.a).toEqual({ b: 1, c: 2 });
  });

  it("a merge patch's leaves: nested objects are walked, `null` and arrays are leaves", () => {
    expect(patchLeaves({ damage: { "3+": 13 }, tags: ["Melee 1"], special: null, clear: {} })).toEqual([
      ["damage", "3+"],
      ["tags"],
      ["special"],
      ["clear"],
    ]);
  });
});
