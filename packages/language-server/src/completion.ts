// Completion inside `[[`: entry names, `kind:` qualifiers, condition stacks up to the cap, chapter #anchors
import { type Chapter, type ContentGraph, type Entry, entryOfKind } from "@momenta/content";
import { stackCap } from "@momenta/rules";
import { normalizeName } from "@momenta/schema";
import { type CompletionItem, CompletionItemKind, type CompletionList } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";

/** Most items one answer carries; the client asks again as the author types (`isIncomplete`). */
export const MAX_ITEMS = 200;

const KIND_PREFIX = /^([a-z][a-z-]*):\s*/;

/** The text typed since an unclosed `[[` on the cursor's line, with the offset where it starts. */
export function openReference(text: string, offset: number): { start: number; typed: string } | undefined {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const open = text.lastIndexOf("[[", offset - 1);
  if (open < lineStart || open + 2 > offset) return undefined;
  const typed = text.slice(open + 2, offset);
  if (typed.includes("]]") || typed.includes("[") || typed.includes("|")) return undefined;
  return { start: open + 2, typed };
}

interface Candidate {
  label: string;
  kind: CompletionItemKind;
  detail: string;
  /** The entry or chapter the label should open (absent for `kind:` qualifiers). */
  id?: string;
  /** The label's own kind, to qualify it with when the bare label would open something else. */
  qualifier?: string;
}

/** `Wracked 1 (Fire)` … `Wracked 3 (Void)`: stacks up to the cap, with each value of a required parameter. */
function conditionForms(entry: Entry, graph: ContentGraph): string[] {
  // an entry that failed its schema has no trustworthy cap: its name alone
  const condition = entryOfKind(entry, "condition");
  if (!condition) return [entry.name];
  const data = condition.data;
  const parameter = data.parameter?.required && data.parameter.of ? graph.byKind(data.parameter.of) : [];
  // an incomplete condition may not say how it stacks (the source lost it): no stack counts are offered
  const { stackable } = data;
  const cap = stackable === undefined ? 1 : stackCap({ stackable });
  const counts = Number.isFinite(cap) && cap > 1 ? Array.from({ length: cap }, (_, i) => ` ${i + 1}`) : [""];
  // a required parameter has no default: `[[Wracked 2]]` alone is an error, so it is never offered
  const forms: string[] = parameter.length === 0 && counts.length > 1 ? [entry.name] : [];
  for (const count of counts) {
    if (parameter.length === 0) forms.push(`${entry.name}${count}`);
    for (const value of parameter) forms.push(`${entry.name}${count} (${value.name})`);
  }
  return forms;
}

function entryCandidates(entries: Iterable<Entry>, graph: ContentGraph, qualified: boolean): Candidate[] {
  const out: Candidate[] = [];
  for (const entry of entries) {
    const detail = qualified ? entry.id : `${entry.kind} · ${entry.id}`;
    const forms = entry.kind === "condition" ? conditionForms(entry, graph) : [entry.name];
    for (const form of forms)
      out.push({
        label: form,
        kind: CompletionItemKind.Reference,
        detail,
        id: entry.id,
        ...(qualified ? {} : { qualifier: entry.kind }),
      });
  }
  return out;
}

function chapterCandidates(chapters: readonly Chapter[]): Candidate[] {
  return chapters.map((chapter) => ({
    label: chapter.frontmatter.title,
    kind: CompletionItemKind.File,
    detail: chapter.id,
    id: chapter.id,
    qualifier: "chapter",
  }));
}

/** Every kind an entry of the graph has, plus `chapter`, as `kind:` qualifiers. */
function kindCandidates(graph: ContentGraph): Candidate[] {
  const kinds = new Set<string>();
  for (const entry of graph.entries.values()) kinds.add(entry.kind);
  kinds.add("chapter");
  return [...kinds]
    .sort()
    .map((kind) => ({ label: `${kind}:`, kind: CompletionItemKind.Module, detail: "kind" }));
}

/** Completion for the `[[…` before `offset` in `text`, or undefined when the cursor is not in one. */
export function complete(
  graph: ContentGraph,
  document: TextDocument,
  offset: number,
): CompletionList | undefined {
  const text = document.getText();
  const open = openReference(text, offset);
  if (!open) return undefined;
  let { start, typed } = open;
  let candidates: Candidate[];
  const hash = typed.indexOf("#");
  const qualifier = KIND_PREFIX.exec(typed);
  if (hash !== -1) {
    const resolution = graph.resolve(typed.slice(0, hash));
    const target = resolution.ok ? resolution.target : undefined;
    candidates =
      target && "headings" in target
        ? target.headings.map((heading) => ({
            label: heading.slug,
            kind: CompletionItemKind.Reference,
            detail: heading.text,
          }))
        : [];
    start += hash + 1;
    typed = typed.slice(hash + 1);
  } else if (qualifier) {
    const kind = qualifier[1] as string;
    candidates =
      kind === "chapter"
        ? chapterCandidates(graph.chapters).map(({ qualifier: _, ...candidate }) => candidate)
        : entryCandidates(graph.byKind(kind), graph, true);
    start += qualifier[0].length;
    typed = typed.slice(qualifier[0].length);
  } else {
    candidates = [
      ...kindCandidates(graph),
      ...entryCandidates(graph.entries.values(), graph, false),
      ...chapterCandidates(graph.chapters),
    ];
  }
  const wanted = normalizeName(typed);
  const close = text.startsWith("]]", offset) ? "" : "]]";
  const range = { start: document.positionAt(start), end: document.positionAt(offset) };
  const items: CompletionItem[] = [];
  const labels = new Set<string>();
  let more = false;
  for (const candidate of candidates) {
    if (!normalizeName(candidate.label).startsWith(wanted)) continue;
    let label = candidate.label;
    // a bare name that opens something else (a condition's glossary term, one of two kinds named Deflect) is
    // offered with its kind, so every item inserts a link to what it says and no label repeats
    if (candidate.qualifier && candidate.id) {
      const resolution = graph.resolve(`[[${label}]]`);
      if (!resolution.ok || resolution.target.id !== candidate.id) label = `${candidate.qualifier}:${label}`;
    }
    if (labels.has(label)) continue;
    if (items.length === MAX_ITEMS) {
      more = true;
      break;
    }
    labels.add(label);
    const isKind = candidate.kind === CompletionItemKind.Module;
    items.push({
      label,
      kind: candidate.kind,
      detail: candidate.detail,
      ...(label === candidate.label ? {} : { filterText: candidate.label }),
      textEdit: { range, newText: isKind ? label : `${label}${close}` },
    });
  }
  return { isIncomplete: more, items };
}
