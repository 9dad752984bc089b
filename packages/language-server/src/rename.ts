// A rename as a plan over the graph: refused when the name is taken or unwritable, else edits that move no link

import type { ContentGraph, Entry, Referrer, SourceFile } from "@momenta/content";
import { writeReference } from "@momenta/lint";
import { normalizeName as nameKey, parseReferenceBody } from "@momenta/schema";
import { ErrorCodes, LSPErrorCodes } from "vscode-languageserver";
import { type OffsetEdit, renameAliasEdit, renameEntryEdits } from "./edits.ts";

/** Why a rename cannot be done, with the protocol's error code for it. */
export interface Refusal {
  code: number;
  message: string;
}

/** One file's edits, in source offsets, and those edits that keep a link on a term it would otherwise leave. */
export interface RenamePlan {
  edits: Map<string, OffsetEdit[]>;
  /** Unqualified links to a glossary term of the new name, rewritten `[[glossary:…]]` so they stay there. */
  kept: Referrer[];
  /** The glossary term the new name is also the name of, if any. */
  term: Entry | undefined;
}

/** Characters MDX would read as its own syntax inside a chapter's prose (JSX, expressions). */
const MDX_SYNTAX = /[{}<>]/;

/** A reference's text as written where it sits: escaped inside a JSON string, as is in MDX prose. */
function written(file: string, text: string): string {
  return file.endsWith(".json") ? JSON.stringify(text).slice(1, -1) : text;
}

const described = (target: { id: string }) => `\`${target.id}\``;

/**
 * The rename of `target` to `newName`, or why not. Safe by construction: a name another entry or chapter holds is
 * refused (its unqualified links would become ambiguous or change target), a name the reference syntax would read
 * otherwise (`Guard 2` is a count, `Guard (Fire)` a parameter) is refused, and when a glossary term has the name,
 * the links to the term and to `target` are both written with their kind, so none moves.
 *
 * `from` is the name or alias renamed (the entry's `name` when absent): only the links written with it are
 * rewritten, since links written with another of the entry's names still open it. An alias is renamed in place
 * in `aliases`; a renamed `name` is kept as an alias, for links outside the project.
 */
export function planRename(
  graph: ContentGraph,
  target: Entry,
  newName: string,
  from: string = target.name,
): RenamePlan | Refusal {
  const name = newName.trim();
  if (name === "" || /[[\]|#\n\r]/.test(name))
    return { code: ErrorCodes.InvalidParams, message: "a name cannot be empty or hold `[`, `]`, `|` or `#`" };
  const parsed = parseReferenceBody(name);
  if (parsed.name !== name || parsed.kind !== undefined) {
    return {
      code: ErrorCodes.InvalidParams,
      message: `\`[[${name}]]\` would not read as the name \`${name}\` (a trailing number is a count, \`(…)\` a parameter, \`kind:\` a qualifier)`,
    };
  }
  const aliasIndex = from === target.name ? -1 : aliasesOf(target).indexOf(from);
  const fromKey = nameKey(aliasIndex >= 0 ? from : target.name);
  // a link is written with `from` when what it resolves by (its target, else its name without count) is `from`
  const writtenWith = (use: Referrer) =>
    nameKey(use.reference.target) === fromKey
      ? "target"
      : nameKey(use.reference.name) === fromKey && use.reference.name !== use.reference.target
        ? "name"
        : undefined;
  const uses = graph.referrers(target.id).filter((use) => writtenWith(use) !== undefined);
  if (MDX_SYNTAX.test(name) && uses.some((use) => use.file.endsWith(".mdx")))
    return {
      code: ErrorCodes.InvalidParams,
      message: "a name linked from a chapter cannot hold `{`, `}`, `<` or `>`, which MDX reads as code",
    };
  const edits = new Map<string, OffsetEdit[]>();
  const plan: RenamePlan = { edits, kept: [], term: undefined };
  if (name === (aliasIndex >= 0 ? from : target.name)) return plan;
  const key = nameKey(name);
  if (aliasIndex >= 0) {
    // the entry's other names already open it: a second copy of one would say nothing new, and `aliases` repeat it
    const others = [
      target.name,
      ...aliasesOf(target)
        .filter((_, index) => index !== aliasIndex)
        .map(String),
    ];
    if (others.some((other) => nameKey(other) === key))
      return {
        code: LSPErrorCodes.RequestFailed,
        message: `\`${name}\` is already a name of ${described(target)}: choose another name for the alias \`${from}\``,
      };
  }
  const isOwn = (other: { id: string }) => other.id === target.id;
  const sameKind = graph.named(name, target.kind).filter((other) => !isOwn(other));
  const primary = graph.named(name, "primary").filter((other) => !isOwn(other));
  const fallback = graph.named(name, "fallback").filter((other) => !isOwn(other));
  const taken = [...sameKind, ...primary];
  if (target.definition.nameResolution === "fallback") taken.push(...fallback);
  if (taken.length > 0) {
    const holders = [...new Set(taken.map(described))].join(" and ");
    return {
      code: LSPErrorCodes.RequestFailed,
      message: `\`${name}\` is already the name of ${holders}: links to it would change target; choose another name`,
    };
  }
  const term =
    target.definition.nameResolution === "fallback" ? undefined : (fallback[0] as Entry | undefined);
  plan.term = term;
  const add = (file: string, edit: OffsetEdit) => {
    const list = edits.get(file);
    if (list) list.push(edit);
    else edits.set(file, [edit]);
  };
  const offsets = (use: Referrer) => {
    const source = graph.source(use.file) as SourceFile;
    return use.from.kind === "chapter"
      ? { start: use.start, end: use.end }
      : source.locateInString(use.path, use.start, use.end);
  };
  for (const use of uses) {
    // beside a glossary term of the new name, `[[Name]]` would say nothing of which it means: say it
    const kind = term && use.reference.kind === undefined ? target.kind : use.reference.kind;
    // a link that resolved by its whole target (`[[Level 2]]` for an entry of that name) has no count to keep
    const text = writeReference(use.reference, {
      name,
      kind,
      ...(writtenWith(use) === "target" && { count: undefined }),
    });
    add(use.file, { ...offsets(use), text: written(use.file, text) });
  }
  if (term) {
    for (const use of graph.referrers(term.id)) {
      const byName = nameKey(use.reference.target) === key || nameKey(use.reference.name) === key;
      if (use.reference.kind !== undefined || !byName) continue;
      plan.kept.push(use);
      add(use.file, {
        ...offsets(use),
        text: written(use.file, writeReference(use.reference, { kind: term.kind })),
      });
    }
  }
  const source = graph.source(target.file);
  const entryEdits = !source
    ? []
    : aliasIndex >= 0
      ? [renameAliasEdit(source, aliasIndex, name)]
      : renameEntryEdits(target, source, name);
  for (const edit of entryEdits) add(target.file, edit);
  return plan;
}

/** The entry's `aliases` as its file writes them (indexes into the JSON array). */
function aliasesOf(entry: Entry): unknown[] {
  return Array.isArray(entry.data.aliases) ? entry.data.aliases : [];
}

export const isRefusal = (plan: RenamePlan | Refusal): plan is Refusal => "code" in plan;

/** Apply offset edits to a text (they never overlap: each is one reference or one field). */
export function applyOffsetEdits(text: string, edits: readonly OffsetEdit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
