// Rule `references`: every [[…]] in entries and chapters resolves to one entry or chapter (and anchor)
import type { ContentGraph, Entry, ReferenceText, RelatedLocation, Resolution } from "@momenta/content";
import {
  defineRule,
  docsUrl,
  entrySlug,
  forEachStringWith,
  LISTED_ITEMS,
  LoadedEntry,
  listOf,
  type MdNode,
  parseMdx,
  suggest,
} from "@momenta/content";
import { slugify } from "@momenta/schema";
import { visit } from "unist-util-visit";
import {
  checkedChapters,
  checkedEntries,
  forEachCheckedReference,
  holderOf,
  KIND_NAMES,
  KNOCK_ON,
  MAX_LINKS,
  noteAtUse,
  referenceTarget,
  renamedOnto,
  renamedOntoSameKind,
  reportKnockOn,
  takesNoCount,
  unclosedReferences,
  unloadedTarget,
  withMore,
  writeReference,
} from "./util.ts";

export const referencesRule = defineRule({
  meta: {
    id: "references",
    description: "Every [[reference]] resolves to exactly one entry or chapter, and its #anchor exists",
    defaultSeverity: "error",
    stage: "graph",
    incremental: { wholeWhen: [] },
    docs: docsUrl("references"),
    notes: {
      "name-defined": "that name is defined here",
      ambiguous: "`{raw}` is ambiguous",
    },
    messages: {
      missing: "`{raw}` does not match any entry or chapter",
      "missing-in-kind": "`{raw}`: no {kind} is named `{name}`",
      ambiguous: "`{raw}` is ambiguous: it matches {candidates}",
      "bad-kind": "`{raw}`: `{kind}` is not a kind of entry",
      "missing-anchor": "`{raw}`: `{title}` has no heading `#{anchor}`",
      "anchor-on-entry": "`{raw}`: anchors only point into chapters",
      unclosed: "`{raw}` is not closed by `]]`, so the site would show it literally",
      "ambiguous-name":
        "`{name}` is also the name of {others}, and an unqualified `[[{name}]]` cannot tell them apart",
      // one cause, one error: the renamed entry's own file says which links its name made ambiguous
      "name-clash": "`{name}` is also the name of {others}: it makes {links} in {files} ambiguous",
      "knock-on": KNOCK_ON.message,
    },
    help: {
      missing: "check the spelling, or add the entry it names",
      "missing.closest": "did you mean `{suggestion}`",
      "missing-in-kind": "check the spelling; the {kind} entries are {choices}",
      "missing-in-kind.closest": "did you mean `{suggestion}`",
      "missing-in-kind.none": "there is no {kind} entry yet: check the kind",
      // the name is another kind's: the kind was wrong, not the name
      "missing-in-kind.holder": "the `{holder}` kind holds `{name}`: write `{suggestion}`",
      ambiguous: "qualify it with the kind it means: {suggestion}",
      "ambiguous.same-kind":
        "they are entries of one kind: give one of them a name of its own (the `ids` error at its name)",
      "bad-kind": "the kinds are {choices}",
      "bad-kind.closest": "did you mean `{closest}:`",
      "bad-kind.holder": "the `{holder}` kind holds `{name}`: write `{suggestion}`",
      "missing-anchor": "the headings of `{title}` are {choices}",
      "missing-anchor.closest": "did you mean `#{closest}`",
      "missing-anchor.none": "`{title}` has no headings to link; drop the anchor",
      "anchor-on-entry": "remove the `#…` part",
      unclosed: "close it with `]]` right after the name it links",
      "ambiguous-name":
        "rename one of them, or qualify each such reference with its kind, e.g. `[[{kind}:{name}]]`",
      "name-clash":
        "give `{id}` a name no other entry holds, or qualify each of those links with the kind it means, e.g. `[[{kind}:{name}]]`",
      "knock-on": KNOCK_ON.help,
    },
  },
  check(context) {
    const { graph, report } = context;
    for (const entry of checkedEntries(context)) {
      // the load's scan saw every `[[` of a loaded entry's strings (its data holds no others) and counted any that
      // closed nothing: without one, there is nothing to find
      if (!entry.valid || (entry instanceof LoadedEntry && !entry.mayHoldUnclosed)) continue;
      forEachStringWith(entry.data, "[[", (text, path) => {
        for (const span of unclosedReferences(text, 0, text.length))
          report({
            entry,
            path: [...path],
            span,
            messageId: "unclosed",
            data: { raw: text.slice(span.start, span.end) },
          });
      });
    }
    for (const chapter of checkedChapters(context)) {
      const text = graph.source(chapter.file)?.text;
      if (!text || unclosedReferences(text, chapter.bodyOffset, text.length).length === 0) continue;
      // only prose counts: a `[[` in code, frontmatter or an attribute is not a reference
      const tree = parseMdx(text).tree;
      if (!tree) continue;
      visit(tree as never, (unistNode) => {
        const node = unistNode as unknown as MdNode;
        if (node.type !== "text") return;
        const start = node.position?.start.offset ?? 0;
        for (const span of unclosedReferences(text, start, node.position?.end.offset ?? start))
          report({
            chapter,
            ...span,
            messageId: "unclosed",
            data: { raw: text.slice(span.start, span.end) },
          });
      });
    }
    // a set of candidates of two or more kinds is a name clash, reported after the references (see below); one look
    // per set of candidates (a set is known by its array, or by its ids when another reference made its
    // own copy), so the work and the messages stay linear in the entries however many references share a name
    const quoted = (ids: readonly string[]) => ids.map((id) => `\`${id}\``);
    const clashes = new Map<string, Clash | undefined>();
    const setsSeen = new WeakMap<readonly string[], Clash | undefined>();
    const clashOf = (candidates: readonly string[]): Clash | undefined => {
      if (setsSeen.has(candidates)) return setsSeen.get(candidates);
      const setKey = candidates.join("\u0000");
      if (!clashes.has(setKey)) {
        const entries = candidates
          .map((id) => graph.get(id))
          .filter((found): found is Entry => found !== undefined && found.kind !== "chapter");
        if (new Set(entries.map((found) => found.kind)).size < 2) clashes.set(setKey, undefined);
        else {
          // the entry whose name no longer matches its file was renamed onto the other's: the place to fix; when
          // none (or each) was, there is no telling which came first and each is reported with its links unfolded
          const renamed = entries.filter(renamedOnto);
          const fold = renamed.length > 0 && renamed.length < entries.length;
          clashes.set(setKey, {
            candidates,
            entries,
            blamed: fold ? renamed : entries,
            fold,
            links: [],
            count: 0,
            files: new Set(),
          });
        }
      }
      const clash = clashes.get(setKey);
      setsSeen.set(candidates, clash);
      return clash;
    };
    // a resolved reference without an anchor is fine; only those and the unresolved need a look
    const suspect = (reference: ReferenceText, resolution: Resolution) =>
      !resolution.ok || reference.anchor !== undefined;
    forEachCheckedReference(
      context,
      (resolved, owner) => {
        const { reference, resolution } = resolved;
        const raw = reference.raw;
        if (resolution.ok) {
          const found = resolution.target;
          if (reference.anchor === undefined) return;
          if (!("headings" in found)) {
            report({
              ...referenceTarget(owner, resolved),
              messageId: "anchor-on-entry",
              data: { raw },
            });
            return;
          }
          const slugs = found.headings.map((heading) => heading.slug);
          const anchor = reference.anchor;
          if (!slugs.includes(anchor)) {
            // the chapter's real anchors, as completion after `#` offers them: the closest by spelling, else one
            // that contains the other (`#stacks` for `#stacking`)
            const [closest = slugs.find((slug) => slug.includes(anchor) || anchor.includes(slug))] = suggest(
              anchor,
              slugs,
              1,
            );
            const helpId = closest
              ? "missing-anchor.closest"
              : slugs.length
                ? undefined
                : "missing-anchor.none";
            report({
              ...referenceTarget(owner, resolved),
              messageId: "missing-anchor",
              data: {
                raw,
                title: found.frontmatter.title,
                anchor,
                closest: closest ?? "",
                choices: listOf(slugs.map((slug) => `\`#${slug}\``)),
              },
              ...(helpId && { helpId }),
              ...(closest && { fix: { text: writeReference(reference, { anchor: closest }) } }),
            });
          }
          return;
        }
        // a pack that was not loaded is the pack rule's finding (undeclared, or not passed with --pack)
        if (resolution.reason === "pack-not-loaded") return;
        if (resolution.reason === "ambiguous") {
          const clash = clashOf(resolution.candidates);
          if (clash?.fold) {
            // a consequence of the rename: a note under the clash, not an error of its own
            clash.count += 1;
            const link =
              clash.links.length < MAX_LINKS &&
              noteAtUse(graph, resolved, owner, context.note("ambiguous", { raw }));
            if (link) clash.links.push(link);
            clash.files.add(owner.file);
            return;
          }
          // entries of one kind sharing a name: a qualifier cannot tell them apart, a distinct name can; when one
          // was renamed onto the other's, the link is listed under the ids rule's error at it
          const kinds = new Set(resolution.candidates.map((id) => id.split("/")[0]));
          if (kinds.size === 1 && renamedOntoSameKind(graph, resolution.candidates)) return;
          report({
            ...referenceTarget(owner, resolved),
            messageId: "ambiguous",
            ...(kinds.size === 1 && { helpId: "ambiguous.same-kind" }),
            data: {
              raw,
              // every reading, not only the first: the link may well mean the other one
              suggestion: listOf(
                [...new Set(resolution.candidates.map((id) => id.split("/")[0]))]
                  .slice(0, LISTED_ITEMS)
                  .map((kind) => `\`${writeReference(reference, { kind })}\``),
                { separator: " or " },
              ),
              candidates: listOf(
                resolution.candidates.slice(0, LISTED_ITEMS).map((id) => `\`${id}\``),
                { separator: " and ", total: resolution.candidates.length },
              ),
            },
          });
        } else if (resolution.reason === "bad-kind") {
          // the name is known: the kind that holds it is the fix (`[[spell:Mend]]` → `[[art:Mend]]`)
          const holder = holderOf(graph, reference.target, reference.name);
          const [closest] = resolution.candidates;
          const kind = holder ?? closest;
          report({
            ...referenceTarget(owner, resolved),
            messageId: "bad-kind",
            data: {
              raw,
              kind: reference.kind ?? "",
              name: reference.name,
              holder: holder ?? "",
              closest: closest ?? "",
              suggestion: kind ? writeReference(reference, { kind }) : "",
              choices: listOf(KIND_NAMES.map((name) => `\`${name}:\``)),
            },
            ...(holder ? { helpId: "bad-kind.holder" } : closest ? { helpId: "bad-kind.closest" } : {}),
            ...(kind && { fix: { text: writeReference(reference, { kind }) } }),
          });
        } else {
          // a name the file of a broken entry or chapter would define: that file's error, not this reference's
          const unloaded = unloadedTarget(graph, undefined, reference);
          if (unloaded) {
            reportKnockOn(context, referenceTarget(owner, resolved), unloaded, raw);
            return;
          }
          const [closest] = resolution.candidates;
          const kind = reference.kind;
          // `[[tag:Hindered]]` names a condition: the kind is wrong, not the name
          const holder = kind && !closest ? holderOf(graph, reference.target, reference.name) : undefined;
          const suggestion = holder
            ? writeReference(reference, { kind: holder })
            : closest
              ? writeReference(reference, {
                  name: closest,
                  ...(takesNoCount(graph, closest) && { count: undefined }),
                })
              : "";
          // the help shows the fix as it will be written: with the count, parameter, anchor and label kept
          const fix = suggestion ? { fix: { text: suggestion } } : {};
          const helpId = holder
            ? "missing-in-kind.holder"
            : closest
              ? `${kind ? "missing-in-kind" : "missing"}.closest`
              : undefined;
          if (kind) {
            const names =
              kind === "chapter"
                ? graph.chapters.map((c) => c.frontmatter.title)
                : graph.byKind(kind).map((e) => e.name);
            const none = !helpId && names.length === 0 ? { helpId: "missing-in-kind.none" } : {};
            report({
              ...referenceTarget(owner, resolved),
              messageId: "missing-in-kind",
              data: {
                raw,
                kind,
                name: reference.target,
                holder: holder ?? "",
                suggestion,
                choices: listOf(names.map((name) => `\`${name}\``)),
              },
              ...(helpId && { helpId }),
              ...none,
              ...fix,
            });
          } else
            report({
              ...referenceTarget(owner, resolved),
              messageId: "missing",
              data: { raw, suggestion },
              ...(helpId && { helpId }),
              ...fix,
            });
        }
      },
      suspect,
    );
    // names shared across kinds are fine (archetype and mastery domain `Elf`) until a `[[Name]]` cannot tell them
    // apart: then the entry renamed onto the other's name is reported at its name, with the links it made ambiguous
    // (else each entry it could mean, so the newcomer's own file says so); two entries of one kind sharing a name
    // are the ids rule's `name-collision`
    for (const clash of clashes.values()) {
      if (!clash) continue;
      for (const found of clash.blamed) {
        // the first few others, without building each entry's own copy of the whole list
        const others = clash.candidates.slice(0, LISTED_ITEMS + 1).filter((id) => id !== found.id);
        const data = {
          name: found.name,
          kind: found.kind,
          id: found.id,
          others: listOf(quoted(others), { separator: " and ", total: clash.candidates.length - 1 }),
        };
        if (!clash.fold) {
          report({ entry: found, path: ["name"], messageId: "ambiguous-name", data });
          continue;
        }
        const other = clash.entries.find((candidate) => candidate.kind !== found.kind) as Entry;
        const links = withMore(clash.links, clash.count);
        report({
          entry: found,
          path: ["name"],
          messageId: "name-clash",
          data: {
            ...data,
            kind: other.kind,
            links: `${clash.count} \`[[${found.name}]]\` ${clash.count === 1 ? "link" : "links"}`,
            files: `${clash.files.size} ${clash.files.size === 1 ? "file" : "files"}`,
          },
          related: [
            ...clash.entries
              .filter((candidate) => candidate !== found)
              .map((candidate) => context.relatedAt(candidate, ["name"], "name-defined")),
            ...links,
          ],
        });
      }
    }
  },
});

/** Entries of two or more kinds that share a name, and the unqualified links that cannot tell them apart. */
interface Clash {
  candidates: readonly string[];
  entries: Entry[];
  /** Where it is reported: the renamed entry when `fold`, else each. */
  blamed: Entry[];
  /** The ambiguous links are notes of the clash, not errors of their own. */
  fold: boolean;
  links: RelatedLocation[];
  count: number;
  files: Set<string>;
}
