// Rules of homebrew packs: `pack` (manifest, namespaced ids, dependencies, rules version, core names); the registry's pack rules
import type {
  Chapter,
  ContentGraph,
  Entry,
  LoadedPack,
  RelatedLocation,
  ResolvedReference,
} from "@momenta/content";
import {
  defineRule,
  kindLabel,
  listOf,
  noteOf,
  packMeta,
  parseFrontmatter,
  patchRule,
  type RuleContext,
  untrustedProseRule,
} from "@momenta/content";
import {
  kindByName,
  MOMENTA_RULES_VERSION,
  normalizeName,
  parsePackEntryId,
  satisfies,
} from "@momenta/schema";
import { referenceTarget } from "../rules/util.ts";
import { invisibleCharacters, lookalikeKeys, nameMarkup, visibleName } from "./names.ts";
import { rulesChangedMeta } from "./rules-changed.ts";

export const packRule = defineRule({
  meta: packMeta,
  check(context) {
    const { graph } = context;
    if (graph.packs.length === 0) return;
    const coreNames = coreNameIndex(graph);
    for (const pack of graph.packs) {
      checkManifest(context, pack);
      checkPackName(context, pack, coreNames);
      for (const entry of pack.entries) checkNames(context, entry, coreNames);
      for (const chapter of pack.chapters) checkChapterNames(context, chapter, coreNames);
      const declared = new Set(Object.keys(pack.manifest?.dependencies ?? {}));
      for (const owner of [...pack.entries, ...pack.chapters])
        for (const use of owner.references) checkReference(context, pack, declared, owner, use);
    }
    checkPatchTargets(context);
  },
});

/** The manifest's rules version and dependencies, against what this load has. */
function checkManifest({ graph, report }: RuleContext, pack: LoadedPack): void {
  const manifest = pack.manifest;
  const source = graph.source(pack.manifestFile);
  if (!manifest || !source) return;
  const at = (path: (string | number)[], key = false) => ({ source, ...source.locate(path, { key }), path });
  if (!satisfies(MOMENTA_RULES_VERSION, manifest.momenta)) {
    report({
      ...at(["momenta"]),
      messageId: "rules-version",
      data: { range: manifest.momenta, version: MOMENTA_RULES_VERSION },
    });
  }
  for (const [id, range] of Object.entries(manifest.dependencies ?? {})) {
    const key = at(["dependencies", id], true);
    if (id === pack.id) {
      report({ ...key, messageId: "dependency-self" });
      continue;
    }
    const dependency = graph.packs.find((loaded) => loaded.id === id);
    if (!dependency) {
      report({
        ...key,
        messageId: "dependency-not-loaded",
        data: { id },
      });
    } else if (dependency.manifest && !satisfies(dependency.manifest.version, range)) {
      report({
        ...at(["dependencies", id]),
        messageId: "dependency-version",
        data: { id, version: dependency.manifest.version, range },
      });
    }
  }
}

interface CoreName {
  target: Entry | Chapter;
  name: string;
}

/** Every core name, alias and chapter title by its lookalike keys (the first of each key). */
/**
 * Kept per graph: a graph keeps every core name while it lives (an incremental re-lint edits in place only what keeps
 * its names, and builds a new graph otherwise), and building the index is most of this rule's time on each edit.
 */
const coreNameIndexes = new WeakMap<ContentGraph, Map<string, CoreName>>();

function coreNameIndex(graph: ContentGraph): Map<string, CoreName> {
  const cached = coreNameIndexes.get(graph);
  if (cached) return cached;
  const index = new Map<string, CoreName>();
  coreNameIndexes.set(graph, index);
  const add = (name: string, target: Entry | Chapter) => {
    for (const key of lookalikeKeys(name)) if (!index.has(key)) index.set(key, { target, name });
  };
  for (const entry of graph.entries.values()) {
    if (entry.pack !== undefined) continue;
    add(entry.name, entry);
    for (const alias of entry.aliases) add(alias, entry);
  }
  for (const chapter of graph.chapters) {
    if (chapter.pack !== undefined) continue;
    add(chapter.frontmatter.title, chapter);
    for (const alias of chapter.frontmatter.aliases ?? []) add(alias, chapter);
  }
  return index;
}

/** Most UTF-8 bytes of a name: a file name has 255, and exports add a folder-free prefix and suffix to it. */
export const MAX_NAME_BYTES = 200;

type Named = [string, (string | number)[]];

/**
 * A pack name or alias may not be a core one — the same after normalization, or a lookalike (confusable letters,
 * invisible characters): core names resolve to core content, and a reader must not mistake the one for the other.
 */
function checkNames({ graph, report }: RuleContext, entry: Entry, coreNames: Map<string, CoreName>): void {
  const names: Named[] = [
    [entry.name, ["name"]],
    ...entry.aliases.map((alias, index): Named => [alias, ["aliases", index]]),
  ];
  for (const [name, path] of names)
    for (const problem of nameProblems(graph, name, coreNames)) report({ entry, path, ...problem });
}

/**
 * A pack chapter's title and aliases are names as an entry's are (a title like a core chapter's sat beside the real
 * one in every sidebar), placed at their frontmatter values.
 */
function checkChapterNames(
  { graph, report }: RuleContext,
  chapter: Chapter,
  coreNames: Map<string, CoreName>,
): void {
  const source = graph.source(chapter.file);
  const located = source && parseFrontmatter(source.text).frontmatter;
  if (!source || !located) return;
  const names: Named[] = [
    [chapter.frontmatter.title, ["title"]],
    ...(chapter.frontmatter.aliases ?? []).map((alias, index): Named => [alias, ["aliases", index]]),
  ];
  for (const [name, path] of names)
    for (const problem of nameProblems(graph, name, coreNames))
      report({ source, ...located.locate(path), path, ...problem });
  // chapter numbers are the core book's: a pack chapter numbered like one would sit beside it as if it were core
  const number = chapter.frontmatter.chapter;
  const core = number
    ? graph.chapters.find((other) => !other.pack && other.frontmatter.chapter === number)
    : undefined;
  if (core)
    report({
      source,
      ...located.locate(["chapter"]),
      path: ["chapter"],
      messageId: "core-chapter-number",
      data: { number: number as string, title: core.frontmatter.title },
    });
}

/** The manifest's name is shown as "Homebrew · <name>" on every page of the pack: a name like any other. */
function checkPackName(
  { graph, report }: RuleContext,
  pack: LoadedPack,
  coreNames: Map<string, CoreName>,
): void {
  const source = graph.source(pack.manifestFile);
  const name = pack.manifest?.name;
  if (!source || name === undefined) return;
  for (const problem of nameProblems(graph, name, coreNames, false))
    report({ source, ...source.locate(["name"]), path: ["name"], ...problem });
  const description = pack.manifest?.description;
  if (description !== undefined) {
    const codes = invisibleCharacters(description);
    if (codes.length > 0)
      report({
        source,
        ...source.locate(["description"]),
        path: ["description"],
        messageId: "invisible-character",
        data: { name: visibleName(description), codes: codes.join(", ") },
      });
  }
}

type NameProblem = { messageId: string; data: Record<string, string | number>; related?: RelatedLocation[] };

/**
 * What is wrong with one name: invisible characters, markup, a length no file name takes, a core name or its
 * lookalike.
 */
function nameProblems(
  graph: ContentGraph,
  name: string,
  coreNames: Map<string, CoreName>,
  claims = true,
): NameProblem[] {
  const out: NameProblem[] = [];
  const codes = invisibleCharacters(name);
  if (codes.length > 0)
    out.push({ messageId: "invisible-character", data: { name: visibleName(name), codes: listOf(codes) } });
  const markup = nameMarkup(name);
  if (markup !== undefined)
    out.push({ messageId: "name-markup", data: { name: visibleName(name), markup: visibleName(markup) } });
  const bytes = Buffer.byteLength(name, "utf8");
  if (bytes > MAX_NAME_BYTES)
    out.push({
      messageId: "name-too-long",
      data: { name: `${visibleName([...name].slice(0, 40).join(""))}…`, bytes, limit: MAX_NAME_BYTES },
    });
  if (!claims) return out;
  // an alias `glossary/spd` took over the API's alias document of a core id and wrote into another kind's namespace
  const asId = /^\s*([a-z-]+)\s*\//i.exec(name.normalize("NFKC"));
  const kind = asId?.[1]?.toLowerCase();
  if (kind && (kind === "chapter" || kindByName(kind))) {
    const core = graph.get(name.normalize("NFKC").trim().toLowerCase());
    out.push({
      messageId: "name-as-id",
      data: { name: visibleName(name), kind, core: core && !core.pack ? ` (the core's \`${core.id}\`)` : "" },
    });
  }
  const [caseless, cased] = lookalikeKeys(name);
  const core = coreNames.get(caseless) ?? coreNames.get(cased);
  if (!core) return out;
  const coreSource = graph.source(core.target.file);
  const related = coreSource ? [coreSource.related(0, 1, noteOf(packMeta, "core-entry"))] : [];
  const same = normalizeName(name) === normalizeName(core.name);
  out.push({
    messageId: same ? "redefines-core-name" : "lookalike-core-name",
    data: same
      ? { kind: kindLabel(core.target), name, other: core.target.id }
      : { kind: kindLabel(core.target), name: visibleName(name), coreName: core.name, other: core.target.id },
    related,
  });
  return out;
}

/** A pack patches only the core and the packs it declares, as it references only those. */
function checkPatchTargets({ graph, report }: RuleContext): void {
  const declared = new Map(
    graph.packs.map((pack) => [pack.id, new Set(Object.keys(pack.manifest?.dependencies ?? {}))]),
  );
  for (const entry of graph.entries.values()) {
    if (!entry.patches || entry.pack === undefined) continue;
    for (const patch of entry.patches) {
      if (patch.pack === entry.pack || declared.get(patch.pack)?.has(entry.pack)) continue;
      const source = graph.source(patch.file);
      if (!source) continue;
      report({
        source,
        start: 0,
        end: 0,
        messageId: "undeclared-patch",
        data: { id: entry.id, pack: entry.pack },
      });
    }
  }
}

/** A reference into another pack needs that pack declared (and loaded, to be checked). */
function checkReference(
  { report }: RuleContext,
  pack: LoadedPack,
  declared: Set<string>,
  owner: Entry | Chapter,
  use: ResolvedReference,
): void {
  const { reference, resolution } = use;
  const targetPack = resolution.ok
    ? resolution.target.pack
    : parsePackEntryId(reference.kind ? `${reference.kind}/${reference.target}` : reference.target)?.pack;
  if (!targetPack || targetPack === pack.id) return;
  const at = { ...referenceTarget(owner, use), path: use.path };
  if (!declared.has(targetPack)) {
    report({
      ...at,
      messageId: "undeclared-dependency",
      data: { raw: reference.raw, pack: targetPack },
    });
  } else if (!resolution.ok && resolution.reason === "pack-not-loaded") {
    report({
      ...at,
      messageId: "dependency-not-loaded",
      data: { id: targetPack },
      helpId: "dependency-not-loaded.reference",
    });
  }
}

/** Declared here so `--rule rules-changed=…` is known; lintPacks runs it with the release changes it read. */
const rulesChangedDeclared = defineRule({ meta: rulesChangedMeta });

export const PACK_RULES = [packRule, patchRule, rulesChangedDeclared, untrustedProseRule] as const;
