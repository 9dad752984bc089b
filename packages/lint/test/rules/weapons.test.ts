// Rule `weapons`: fixture cases under test/fixtures/rules/weapons/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("weapons", {
  "combo-tag-missing": {
    expect: [
      ["combo-tag", "content/weapons/gunsword-blade.json", 16, 11, 18, 4], // `Gunsword Blade` is a combination part but has no Combo tag
    ],
  },
  "ladder-decreasing": {
    expect: [
      ["ladder-decreasing", "content/weapons/knife.json", 28, 11, 28, 12], // `damage.2s` is 3, less than `damage.1s` (4)
    ],
  },
  "part-missing": {
    expect: [
      ["part-disagrees", "content/weapons/gunsword-barrel.json", 12, 30, 12, 53], // `weapon/gunsword-blade` lists different combination parts,
      ["part-missing", "content/weapons/gunsword-blade.json", 35, 7, 35, 30], // combination part `weapon/gunsword-stock` does not exist
    ],
  },
  "self-missing-and-disagree": {
    expect: [
      ["part-disagrees", "content/weapons/gunsword-barrel.json", 12, 30, 12, 53], // `weapon/gunsword-blade` lists different combination parts,
      ["part-self-missing", "content/weapons/gunsword-blade.json", 33, 14, 36, 6], // `combination.parts` must list this weapon itself (`weapon/gunsword-blade`),
      ["part-disagrees", "content/weapons/gunsword-blade.json", 34, 7, 34, 31], // `weapon/gunsword-barrel` lists different combination parts,
      ["part-disagrees", "content/weapons/gunsword-blade.json", 35, 7, 35, 22], // `weapon/dagger` lists different combination parts
    ],
  },
});
