// `rules-changed`: a pack references or patches a core entry that changed (or was renamed) since its declared rules
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ContentDiff, ContentGraph, Entry, EntryChange, JsonPath, LoadedPack } from "@momenta/content";
import { defineRule, docsUrl, type Rule } from "@momenta/content";
import { MOMENTA_RULES_VERSION, parseVersion, satisfies } from "@momenta/schema";
import { referenceTarget } from "../rules/util.ts";

/** What one rules release changed against the release before it (`momenta diff v<from> v<version> --format json`). */
export interface ReleaseChanges {
  version: string;
  from: string;
  diff: ContentDiff;
}

export const rulesChangedMeta = {
  id: "rules-changed",
  description:
    "A pack references or patches a core entry that changed, or was renamed, in a rules release after the one its manifest declares",
  defaultSeverity: "warn" as const,
  stage: "graph" as const,
  docs: docsUrl("rules-changed"),
  messages: {
    changed: "`{id}` changed in rules {version} (`{fields}`) since the rules `{range}` this pack declares",
    renamed: "`{raw}` points at `{from}`, renamed to `{id}` in rules {version}",
    "patch-changed": "this patch sets `{field}` of `{id}`, which rules {version} changed ({change})",
  },
  help: {
    changed:
      "check that the pack still reads right with the new text, then raise `momenta` in momenta-pack.json",
    renamed: "write the new name, `[[{name}]]`",
    "patch-changed": "check the house rule against the new rules, then raise `momenta` in momenta-pack.json",
  },
};

/** The releases after the oldest one a pack's `momenta` range admits, up to these rules. */
function releasesSince(range: string, changes: readonly ReleaseChanges[]): ReleaseChanges[] {
  const known = [...new Set(changes.flatMap((c) => [c.from, c.version]))].filter((v) => parseVersion(v));
  const declared = known
    .filter((version) => satisfies(version, range))
    .sort((a, b) => parseVersion(a)?.compare(b) ?? 0)[0];
  if (!declared) return [];
  const floor = parseVersion(declared);
  const current = parseVersion(MOMENTA_RULES_VERSION);
  return changes.filter((c) => {
    const version = parseVersion(c.version);
    return floor && current && version && version.compare(floor) > 0 && version.compare(current) <= 0;
  });
}

const overlaps = (a: string, b: string) => a === b || a.startsWith(`${b}.`) || b.startsWith(`${a}.`);
const pathText = (path: JsonPath) =>
  path.map((part, index) => (typeof part === "number" ? `[${part}]` : index ? `.${part}` : part)).join("");

/** The rule, over the changes of the releases it knows (read from the core's changes/ folder). */
export function rulesChangedRule(changes: readonly ReleaseChanges[]): Rule {
  return defineRule({
    meta: rulesChangedMeta,
    check({ graph, report }) {
      for (const pack of graph.packs) {
        const range = pack.manifest?.momenta;
        if (!range) continue;
        for (const release of releasesSince(range, changes)) checkPack(graph, pack, release, range, report);
      }
    },
  });
}

function checkPack(
  graph: ContentGraph,
  pack: LoadedPack,
  release: ReleaseChanges,
  range: string,
  report: Parameters<NonNullable<Rule["check"]>>[0]["report"],
): void {
  const changed = new Map<string, EntryChange>(release.diff.changed.map((c) => [c.id, c]));
  const renamedTo = new Map<string, EntryChange>(release.diff.renamed.map((c) => [c.id, c]));
  const version = release.version;
  for (const owner of [...pack.entries, ...pack.chapters]) {
    for (const use of owner.references) {
      if (!use.resolution.ok) continue;
      const id = use.resolution.target.id;
      const at = { ...referenceTarget(owner, use), path: use.path };
      const change = changed.get(id);
      if (change) {
        const fields = change.fields.map((f) => f.path).join("`, `");
        report({ ...at, messageId: "changed", data: { id, version, fields, range } });
      }
      const rename = renamedTo.get(id);
      const old = [rename?.from, rename?.fromName].map((name) => name?.toLowerCase());
      const written = [use.reference.target, use.reference.name].map((name) => name.toLowerCase());
      if (rename?.from && written.some((name) => old.includes(name)))
        report({
          ...at,
          messageId: "renamed",
          data: { raw: use.reference.raw, from: rename.from, id, version, name: rename.name },
        });
    }
  }
  // patches of this pack: every patched entry whose patch list names the pack
  for (const entry of graph.entries.values()) {
    const patch = entry.patches?.find((p) => p.pack === pack.id);
    const change = patch && changed.get(entry.id);
    if (!patch || !change) continue;
    for (const path of patch.paths) {
      const field = change.fields.find((f) => overlaps(f.path, pathText(path)));
      if (!field) continue;
      const before = JSON.stringify(field.old);
      const after = JSON.stringify(field.new);
      const text = field.change === "changed" ? `${before} → ${after}` : field.change;
      const target: Entry = { ...entry, file: patch.file } as Entry;
      report({
        entry: target,
        path,
        key: true,
        messageId: "patch-changed",
        data: { field: field.path, id: entry.id, version, change: text },
      });
    }
  }
}

/** The release changes shipped with the core: `changes/<version>.json` beside (or in the validator below) its root. */
export function readReleaseChanges(coreRoot: string): ReleaseChanges[] {
  for (const dir of [join(coreRoot, "changes"), join(coreRoot, "packages/lint/changes")]) {
    let files: string[];
    try {
      files = readdirSync(dir).filter((file) => file.endsWith(".json"));
    } catch {
      continue;
    }
    return files.sort().map((file) => JSON.parse(readFileSync(join(dir, file), "utf8")) as ReleaseChanges);
  }
  return [];
}
