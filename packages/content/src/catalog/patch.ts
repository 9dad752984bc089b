// The `patch` rule: house-rule patches name an entry that exists, never touch its id, and never fight another pack's
import { defineRule, docsUrl, KNOCK_ON } from "../rule.ts";

export const patchRule = defineRule({
  meta: {
    id: "patch",
    description:
      "House-rule patches (`patches/<kind>/<slug>.json`, JSON merge patches) name an entry of the core or a dependency, never change its id, and never patch a field another pack patches",
    defaultSeverity: "error",
    stage: "load",
    docs: docsUrl("patch"),
    notes: { "patched-here": "pack `{other}` patches it here", "knock-on": KNOCK_ON.note },
    messages: {
      "unknown-kind": "`{folder}` is not a kind: a patch is `patches/<kind>/<slug>.json`",
      "target-missing": "`{id}` is not an entry of the core or a loaded pack, so there is nothing to patch",
      "not-object": "a patch is a JSON object of the fields it changes, not {type}",
      id: "a patch may not change `id`: ids are stable forever",
      "prototype-key": "the key `{key}` is not a field of any kind and is not allowed in a patch",
      conflict: "`{path}` of `{id}` is also patched by pack `{other}`",
      "conflict-more": "and {count} more fields of `{id}` are also patched by pack `{other}`, from here on",
      "knock-on": KNOCK_ON.message,
    },
    help: {
      "unknown-kind": "kinds are {kinds}",
      "unknown-kind.closest":
        "did you mean `patches/{near}`? the folder is the kind, as in the id `{near}/<slug>`",
      "target-missing": "name the file after the entry: `patches/{kind}/<slug>.json` patches `{kind}/<slug>`",
      "target-missing.closest": "did you mean `{kind}/{near}`? rename the file to `{near}.json`",
      "not-object": 'write the fields to change, e.g. `{ "damage": { "3+": 13 } }`; `null` removes a field',
      "prototype-key":
        "remove the key: it names a member every JavaScript object has, so the merge would not treat it as data",
      id: "remove `id`: the file's path already names the entry it patches (`{target}`)",
      conflict:
        "two house rules cannot both set one field: keep one of the patches, or drop the field from one of them",
      "conflict-more":
        "two house rules cannot both set one field: keep one of the patches, or drop the fields from one of them",
      "knock-on": KNOCK_ON.help,
    },
  },
});
