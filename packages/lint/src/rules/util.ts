// Helpers rules share: walking references with their location, reading typed fields defensively, naming a name's kind
import type {
  Chapter,
  ContentGraph,
  Entry,
  JsonPath,
  ReferenceText,
  RelatedLocation,
  ReportBase,
  ReportTarget,
  Resolution,
  ResolvedReference,
  RuleContext,
} from "@momenta/content";
import {
  andMore,
  entryOfKind,
  entrySlug,
  formatMessage,
  KNOCK_ON,
  nameKey,
  type UnloadedFile,
  unloadedFiles,
} from "@momenta/content";
import { KINDS, type Reference, referenceEndAt, slugify } from "@momenta/schema";

export { KNOCK_ON } from "@momenta/content";

/** Entries of a kind that passed their schema: rules check meaning, the schema rule already checked shape. */
export function validEntries<T = Record<string, unknown>>(
  graph: ContentGraph,
  kind: string,
): TypedEntry<T>[] {
  return graph.byKind(kind).filter((entry) => entry.valid) as unknown as TypedEntry<T>[];
}

/** The entries a run checks: the scope's, or every entry of the graph. */
export function checkedEntries(context: RuleContext): Iterable<Entry> {
  return context.scope ? context.scope.entries : context.graph.entries.values();
}

/** The chapters a run checks: the scope's, or every chapter of the graph. */
export function checkedChapters(context: RuleContext): readonly Chapter[] {
  return context.scope ? context.scope.chapters : context.graph.chapters;
}

/** Entries of a kind a run checks (the scope's, in no particular order, or the graph's by name). */
export function checkedOfKind(context: RuleContext, kind: string): readonly Entry[] {
  return context.scope
    ? context.scope.entries.filter((entry) => entry.kind === kind)
    : context.graph.byKind(kind);
}

/** `validEntries` of a kind among the entries a run checks. */
export function checkedValid<T = Record<string, unknown>>(
  context: RuleContext,
  kind: string,
): TypedEntry<T>[] {
  return checkedOfKind(context, kind).filter((entry) => entry.valid) as unknown as TypedEntry<T>[];
}

/** `forEachReference` over the owners a run checks. */
export function forEachCheckedReference(
  context: RuleContext,
  visit: (resolved: ResolvedReference, owner: Entry | Chapter) => void,
  wanted?: (reference: ReferenceText, resolution: Resolution) => boolean,
): void {
  const scope = context.scope;
  context.graph.forEachReference(visit, wanted, scope ? [...scope.entries, ...scope.chapters] : undefined);
}

/** An entry whose `data` has its kind's parsed type; still an `Entry` for reporting. */
export type TypedEntry<T> = Omit<Entry, "data"> & { data: T } & Entry;

/**
 * Calls `visit` for every reference in entries and chapters. A callback rather than a generator of objects:
 * rules walk ~260,000 references at 5etools scale and most of them need no report target. `wanted`, when given,
 * turns uses away by their text and resolution alone (before any object is built for them): a rule about
 * conditions need not see the other quarter of a million.
 */
export function forEachReference(
  graph: ContentGraph,
  visit: (resolved: ResolvedReference, owner: Entry | Chapter) => void,
  wanted?: (reference: ReferenceText, resolution: Resolution) => boolean,
): void {
  graph.forEachReference(visit, wanted);
}

/** Where to report a problem with a reference: exactly its `[[…]]`. */
export function referenceTarget(owner: Entry | Chapter, resolved: ResolvedReference): ReportTarget {
  const { start, end } = resolved;
  if (owner.kind === "chapter") return { chapter: owner as Chapter, start, end };
  return { entry: owner as Entry, path: resolved.path, span: { start, end } };
}

/** A reference written back as `[[kind:Name N (parameter)#anchor|label]]`, with some parts changed or dropped. */
export function writeReference(
  reference: ReferenceText,
  change: {
    kind?: string | undefined;
    name?: string;
    count?: number | undefined;
    parameter?: string | undefined;
    anchor?: string | undefined;
  },
): string {
  const kind = "kind" in change ? change.kind : reference.kind;
  const count = "count" in change ? change.count : reference.count;
  const parameter = "parameter" in change ? change.parameter : reference.parameter;
  const anchor = "anchor" in change ? change.anchor : reference.anchor;
  return `[[${kind ? `${kind}:` : ""}${change.name ?? reference.name}${count !== undefined ? ` ${count}` : ""}${
    parameter !== undefined ? ` (${parameter})` : ""
  }${anchor !== undefined ? `#${anchor}` : ""}${
    reference.label !== undefined ? `|${reference.label}` : ""
  }]]`;
}

/** A tag or condition as printed in a field ("Melee 1", "Wracked (Fire)") parsed like a reference body. */
export interface TermUse {
  name: string;
  count?: number;
  parameter?: string;
}

export function parseTermUse(reference: Reference): TermUse {
  const use: TermUse = { name: reference.name };
  if (reference.count !== undefined) use.count = reference.count;
  if (reference.parameter !== undefined) use.parameter = reference.parameter;
  return use;
}

/** Entry of `kind` by exact id, if it exists. */
export function entryOf(graph: ContentGraph, id: string, kind?: string): Entry | undefined {
  const found = graph.get(id);
  if (!found || found.kind === "chapter") return undefined;
  if (kind && found.kind !== kind) return undefined;
  return found as Entry;
}

export function at(path: JsonPath, ...more: (string | number)[]): JsonPath {
  return [...path, ...more];
}

/**
 * The unloaded file that would define `id`, if any (`reference`: a `[[Name]]`, by its slug; its `name`, the target
 * without a stack count, when the whole target names none: `[[Wracked 2 (Fire)]]` → `wracked`).
 */
export function unloadedTarget(
  graph: ContentGraph,
  id: string | undefined,
  reference?: { kind?: string | undefined; target: string; name?: string },
): UnloadedFile | undefined {
  const unloaded = unloadedFiles(graph);
  if (unloaded.byId.size === 0) return undefined;
  if (id !== undefined) return unloaded.byId.get(id);
  if (!reference) return undefined;
  const bySlug = (text: string) => {
    const slug = slugify(text);
    if (!reference.kind) return unloaded.bySlug.get(slug)?.[0];
    // a pack's entry is `kind/<pack>.<slug>`: `[[condition:Smouldering]]` names it by its slug
    return (
      unloaded.byId.get(`${reference.kind}/${slug}`) ??
      unloaded.bySlug.get(slug)?.find((file) => file.kind === reference.kind)
    );
  };
  // `[[condition/hindered]]` names the id itself
  const whole = unloaded.byId.get(reference.target) ?? bySlug(reference.target);
  return (
    whole ?? (reference.name && reference.name !== reference.target ? bySlug(reference.name) : undefined)
  );
}

/** What a knock-on of `unloaded`'s error about `text` reports, wherever it is (the rule's `knock-on` message). */
export function knockOn(graph: ContentGraph, unloaded: UnloadedFile, text: string): ReportBase {
  const source = graph.source(unloaded.file);
  return {
    messageId: "knock-on",
    severity: "warn",
    data: {
      text,
      id: unloaded.id,
      file: unloaded.file,
      reason: unloaded.state === "invalid" ? "has frontmatter errors" : "did not load",
    },
    related: source ? [source.related(0, 0, formatMessage(KNOCK_ON.note, { id: unloaded.id }))] : [],
  };
}

/** Report `text` (at `target`) as a knock-on of `unloaded`'s error, with the rule's `knock-on` message. */
export function reportKnockOn(
  context: RuleContext,
  target: ReportTarget,
  unloaded: UnloadedFile,
  text: string,
): void {
  context.report({ ...target, ...knockOn(context.graph, unloaded, text) });
}

/**
 * `context.report` for a rule whose "`{id}` does not exist" messages (`missing`) carry the id as `data.id`: such a
 * report about an id a broken file would define becomes that rule's `knock-on` instead.
 */
export function reportWithKnockOns(context: RuleContext, missing: readonly string[]): RuleContext["report"] {
  return (target) => {
    const id = target.data?.id;
    const unloaded =
      missing.includes(target.messageId) && typeof id === "string" && !context.graph.get(id)
        ? unloadedTarget(context.graph, id)
        : undefined;
    if (!unloaded || !("entry" in target)) return context.report(target);
    const at: ReportTarget = target.path
      ? { entry: target.entry, path: target.path }
      : { entry: target.entry };
    reportKnockOn(context, at, unloaded, id as string);
  };
}

/** What a reference's first word is made of: letters, digits, a kind's `:`, apostrophes and hyphens. */
const NAME_CHARACTER = /[\p{L}\p{N}:'’-]/u;

/** Each `[[` in `text[from, to)` that opens no reference (the syntax of `referenceEndAt`), with the word after it. */
export function unclosedReferences(text: string, from: number, to: number): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let at = text.indexOf("[[", from);
  while (at !== -1 && at < to) {
    const end = referenceEndAt(text, at);
    if (end !== -1) at = end;
    else if (text[at + 2] === "[" || text[at + 2] === "]")
      at += 1; // `[[[x]]` opens one later; `[[]]` is no opener
    else {
      // the opener and the word after it (`[[SP`), not the rest of the line: where the `]]` belongs is the author's
      let stop = at + 2;
      while (stop < to && NAME_CHARACTER.test(text[stop] as string)) stop++;
      spans.push({ start: at, end: stop });
      at = stop;
    }
    at = text.indexOf("[[", at);
  }
  return spans;
}

/**
 * Whether the name is a condition that does not stack (Frightened): its did-you-mean drops the typo's count, which
 * would only be the next error (`[[Frightend 2]]` → `[[Frightened]]`).
 */
export function takesNoCount(graph: ContentGraph, name: string): boolean {
  return graph.named(name, "primary").some((entry) => {
    const condition = entryOfKind(entry as Entry, "condition");
    return condition?.data.stackable === false;
  });
}

/** Every kind a reference may name, as `[[kind:…]]` takes it. */
export const KIND_NAMES = ["chapter", ...KINDS.map((definition) => definition.kind)];

/** The one kind whose entries (or chapters) hold this name, if one does: a primary name first, else a glossary term. */
export function holderOf(graph: ContentGraph, target: string, name: string): string | undefined {
  for (const tier of ["primary", "fallback"]) {
    const kinds = new Set<string>();
    for (const text of target === name ? [target] : [target, name])
      for (const found of graph.named(text, tier)) kinds.add(found.kind);
    if (kinds.size > 0) return kinds.size === 1 ? [...kinds][0] : undefined;
  }
  return undefined;
}

/** Whether the entry's name no longer matches its file: it was renamed, perhaps onto another entry's name. */
export function renamedOnto(entry: Entry): boolean {
  return slugify(entry.name) !== entrySlug(entry.file);
}

/**
 * The entry an ambiguous link's error is folded under, when its candidates are valid entries of one kind and pack
 * sharing one name and exactly one of them was renamed onto it: the ids rule's `name-taken` at that entry lists the
 * link, and the references rule does not report it again. One predicate for both rules, so no link is dropped by
 * one without being listed by the other.
 */
export function renamedOntoSameKind(graph: ContentGraph, candidates: readonly string[]): Entry | undefined {
  if (candidates.length < 2) return undefined;
  const entries: Entry[] = [];
  for (const id of candidates) {
    const entry = graph.entries.get(id);
    if (!entry?.valid) return undefined;
    entries.push(entry);
  }
  const [first] = entries as [Entry];
  const key = nameKey(first.name);
  if (entries.some((e) => e.kind !== first.kind || e.pack !== first.pack || nameKey(e.name) !== key))
    return undefined;
  const renamed = entries.filter(renamedOnto);
  return renamed.length === 1 ? renamed[0] : undefined;
}

/** Most ambiguous links a rename's one error lists as notes (the last says how many more there are). */
export const MAX_LINKS = 20;

/** A note at a reference use: its span in a chapter, or inside the JSON string that holds it. */
export function noteAtUse(
  graph: ContentGraph,
  resolved: ResolvedReference,
  owner: Entry | Chapter,
  message: string,
): RelatedLocation | undefined {
  const source = graph.source(owner.file);
  if (!source) return undefined;
  const at =
    owner.kind === "chapter" ? resolved : source.locateInString(resolved.path, resolved.start, resolved.end);
  return source.related(at.start, at.end, message);
}

/** The notes listed of `count` links, the last saying how many more there are. */
export function withMore(links: readonly RelatedLocation[], count: number): RelatedLocation[] {
  const more = count - links.length;
  return links.map((link, index) =>
    more > 0 && index === links.length - 1 ? { ...link, message: andMore(link.message, more) } : link,
  );
}
