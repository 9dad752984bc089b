// Hover, go to definition, find references, rename and quick fixes: each answered from the content graph
import { existsSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import {
  type Chapter,
  contentDirectory,
  type Entry,
  type ReferenceText,
  type Referrer,
} from "@momenta/content";
import { planFixes, writeReference } from "@momenta/lint";
import { KINDS, kindByName, normalizeName, slugify } from "@momenta/schema";
import {
  type AnnotatedTextEdit,
  type CodeAction,
  CodeActionKind,
  type Connection,
  type DocumentSymbol,
  type Hover,
  type Location,
  LSPErrorCodes,
  MarkupKind,
  MessageType,
  type Position,
  type Range,
  ResponseError,
  ShowMessageNotification,
  type SymbolInformation,
  type TextDocumentIdentifier,
  type TextEdit,
  type WorkspaceEdit,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { jsonFieldsOf } from "./config-fields.ts";
import { diagnosticDataOf, lspRange } from "./diagnostics.ts";
import { hoverField } from "./fields.ts";
import { previewText } from "./preview.ts";
import type { LocatedReference, Project } from "./project.ts";
import { isRefusal, planRename } from "./rename.ts";
import type { Server } from "./server.ts";
import { chapterSymbols, entrySymbols, workspaceSymbols } from "./symbols.ts";

/** What the cursor is on: a reference (resolved or not), else the entry or chapter whose file it is in. */
interface Subject {
  project: Project;
  file: string;
  reference: LocatedReference | undefined;
  target: Entry | Chapter | undefined;
}

/**
 * "Create entry" for `[[kind:Name]]` that names no entry: a new file of that kind with its id and name, marked
 * `incomplete` with nothing taken from the source yet — its `source` and fields are the author's to copy in, never
 * guessed. Core content only (a pack's ids are namespaced by its manifest).
 */
function createEntryAction(
  project: Project,
  reference: ReferenceText,
  definition = reference.kind ? kindByName(reference.kind) : undefined,
): CodeAction | undefined {
  if (project.isPack || !definition) return undefined;
  const slug = slugify(reference.name);
  const file =
    `${relative(project.root, contentDirectory(project.root)).split(sep).join("/")}/${definition.folder}/${slug}.json`.replace(
      /^\//,
      "",
    );
  if (!slug || project.snapshot.graph.source(file) || existsSync(join(project.root, file))) return undefined;
  const id = `${definition.kind}/${slug}`;
  const entry = {
    $schema: `../../packages/schema/json-schema/${definition.kind}.schema.json`,
    id,
    name: reference.name,
    status: "incomplete",
    missing: ["everything but the name: created from a reference, nothing copied from the source yet"],
  };
  const uri = pathToFileURL(join(project.root, file)).href;
  const position = { line: 0, character: 0 };
  return {
    title: `Create \`${id}\` (incomplete: its source and fields to copy in)`,
    kind: CodeActionKind.QuickFix,
    edit: {
      documentChanges: [
        { kind: "create", uri, options: { ignoreIfExists: true } },
        {
          textDocument: { uri, version: null },
          edits: [
            { range: { start: position, end: position }, newText: `${JSON.stringify(entry, null, 2)}\n` },
          ],
        },
      ],
    },
  };
}

export function registerNavigation(connection: Connection, server: Server): void {
  /** The text of a file as last loaded (open buffers included), as a document for offset ↔ position. */
  const documentOf = (project: Project, file: string): TextDocument =>
    TextDocument.create(project.uriOf(file), "", 0, project.snapshot.graph.source(file)?.text ?? "");

  const rangeIn = (project: Project, file: string, start: number, end: number): Range => {
    const document = documentOf(project, file);
    return { start: document.positionAt(start), end: document.positionAt(end) };
  };

  const subjectAt = (textDocument: TextDocumentIdentifier, position: Position): Subject | undefined => {
    server.flush();
    const project = server.project();
    const file = project?.fileOf(textDocument.uri);
    if (!project || !file) return undefined;
    const offset = documentOf(project, file).offsetAt(position);
    const reference = project.referenceAt(file, offset);
    if (reference) {
      const { resolution } = reference.use;
      return { project, file, reference, target: resolution.ok ? resolution.target : undefined };
    }
    return { project, file, reference: undefined, target: project.ownerOf(file) };
  };

  /** Where an entry or chapter is defined: an entry's `name` value, a chapter's first line. */
  const definitionOf = (project: Project, target: Entry | Chapter): Location => {
    const source = project.snapshot.graph.source(target.file);
    const name = target.kind !== "chapter" && source ? source.locate(["name"]) : { start: 0, end: 0 };
    return { uri: project.uriOf(target.file), range: rangeIn(project, target.file, name.start, name.end) };
  };

  connection.onHover(({ textDocument, position }): Hover | null => {
    const subject = subjectAt(textDocument, position);
    if (subject && !subject.reference) {
      // a key of an entry's JSON: its field's type and description, from the kind's schema
      const document = server.documents.get(textDocument.uri) ?? documentOf(subject.project, subject.file);
      const fields = jsonFieldsOf(subject.file, document.getText(), subject.project.isPack);
      return fields ? hoverField(fields.schema, document, document.offsetAt(position), fields.keys) : null;
    }
    if (!subject?.reference || !subject.target) return null;
    const { project, file, reference, target } = subject;
    return {
      // plain text: prose from a homebrew pack must not become links or markup in the editor
      contents: { kind: MarkupKind.PlainText, value: previewText(target, project.snapshot.graph) },
      range: rangeIn(project, file, reference.start, reference.end),
    };
  });

  connection.onDefinition(({ textDocument, position }): Location | null => {
    const subject = subjectAt(textDocument, position);
    if (!subject?.reference || !subject.target) return null;
    const { project, target } = subject;
    // `[[chapter:Attacking#line-of-sight]]` lands on the heading, not on the chapter's first line
    const anchor = subject.reference.use.reference.anchor;
    if (anchor !== undefined && target.kind === "chapter") {
      const chapter = target as Chapter;
      const at = chapter.headingRanges[chapter.headings.findIndex((heading) => heading.slug === anchor)];
      if (at)
        return { uri: project.uriOf(chapter.file), range: rangeIn(project, chapter.file, at[0], at[1]) };
    }
    return definitionOf(project, target);
  });

  connection.onReferences(({ textDocument, position, context }): Location[] | null => {
    const subject = subjectAt(textDocument, position);
    if (!subject?.target) return null;
    const { project, target } = subject;
    const graph = project.snapshot.graph;
    const uses = graph
      .referrers(target.id)
      .map((use: Referrer) => ({ uri: project.uriOf(use.file), range: lspRange(use) }));
    // `<StatBlock id="…">` in a chapter shows the entry itself: a use as the lint counts one, though no `[[…]]`
    for (const chapter of graph.chapters) {
      for (const component of chapter.components) {
        if (component.name !== "StatBlock" || component.attributes.id !== target.id) continue;
        uses.push({
          uri: project.uriOf(chapter.file),
          range: rangeIn(project, chapter.file, component.start, component.end),
        });
      }
    }
    return context.includeDeclaration ? [definitionOf(project, target), ...uses] : uses;
  });

  /** Is `offset` on the frontmatter's `title:` line of a chapter's file? */
  const onTitle = (project: Project, file: string, offset: number): boolean => {
    const text = project.snapshot.graph.source(file)?.text ?? "";
    const frontmatter = /^---\r?\n[\s\S]*?\r?\n---/.exec(text)?.[0] ?? "";
    const title = /^title[ \t]*:.*$/m.exec(frontmatter);
    return !!title && offset >= title.index && offset <= title.index + title[0].length;
  };

  /** Rename works on entries (chapters are named by their title and anchors, which a rename would break). */
  const renameTarget = (textDocument: TextDocumentIdentifier, position: Position) => {
    const subject = subjectAt(textDocument, position);
    if (!subject?.target) return undefined;
    if (subject.target.kind === "chapter") {
      const chapter = subject.target as Chapter;
      const { project, file, reference } = subject;
      // in a chapter's prose or on a heading there is nothing to rename (a heading's anchor is its text)
      if (!reference && !onTitle(project, file, documentOf(project, file).offsetAt(position)))
        return undefined;
      throw new ResponseError(
        LSPErrorCodes.RequestFailed,
        `a chapter's title is its frontmatter \`title\` in \`${chapter.file}\`: edit it there; links to it by title then need updating`,
      );
    }
    const target = subject.target as Entry;
    // a pack is linked against the core (and its dependencies) but owns only its own entries: renaming a core
    // entry from a pack would rewrite the core rules' files
    if (subject.project.isPack && !target.pack) {
      throw new ResponseError(
        LSPErrorCodes.RequestFailed,
        `\`${target.name}\` belongs to the core rules; a pack renames only its own entries`,
      );
    }
    return { ...subject, target };
  };

  /**
   * Which of the entry's names the rename is of, and where: the name or alias a link is written with, the
   * `aliases` item or `name` under the cursor in the entry's file, else the entry's `name`.
   */
  const renamedName = (
    subject: Subject & { target: Entry },
    position: Position,
  ): { from: string; range: Range } => {
    const { project, file, reference, target } = subject;
    const aliases = Array.isArray(target.data.aliases) ? (target.data.aliases as unknown[]) : [];
    if (reference) {
      const { target: written, name } = reference.use.reference;
      const key = (text: string) => normalizeName(text);
      const match = (candidate: string) => key(written) === key(candidate) || key(name) === key(candidate);
      const alias = match(target.name)
        ? undefined
        : aliases.find((one) => typeof one === "string" && match(one));
      return {
        from: typeof alias === "string" ? alias : target.name,
        range: rangeIn(project, file, reference.start, reference.end),
      };
    }
    const source = project.snapshot.graph.source(file);
    if (source && file === target.file) {
      const offset = documentOf(project, file).offsetAt(position);
      for (const [index, alias] of aliases.entries()) {
        const at = source.locate(["aliases", index]);
        if (typeof alias === "string" && offset >= at.start && offset <= at.end)
          return { from: alias, range: rangeIn(project, file, at.start, at.end) };
      }
    }
    return { from: target.name, range: definitionOf(project, target).range };
  };

  connection.onPrepareRename(({ textDocument, position }) => {
    const subject = renameTarget(textDocument, position);
    if (!subject) return null;
    const { from, range } = renamedName(subject, position);
    return { range, placeholder: from };
  });

  connection.onRenameRequest(({ textDocument, position, newName }): WorkspaceEdit | null => {
    const subject = renameTarget(textDocument, position);
    if (!subject) return null;
    const { project, target } = subject;
    const { from } = renamedName(subject, position);
    const plan = planRename(project.snapshot.graph, target, newName, from);
    if (isRefusal(plan)) throw new ResponseError(plan.code, plan.message);
    const keep = "keeps a link on its glossary term";
    const kept = new Set(plan.kept.map((use) => `${use.file}\u0000${use.line}\u0000${use.column}`));
    const changes: Record<string, AnnotatedTextEdit[] | TextEdit[]> = {};
    for (const [file, edits] of plan.edits) {
      const document = documentOf(project, file);
      changes[project.uriOf(file)] = edits.map((edit) => {
        const range = { start: document.positionAt(edit.start), end: document.positionAt(edit.end) };
        const at = `${file}\u0000${range.start.line + 1}\u0000${range.start.character + 1}`;
        return kept.has(at)
          ? { range, newText: edit.text, annotationId: keep }
          : { range, newText: edit.text };
      });
    }
    if (!plan.term || plan.kept.length === 0) return { changes };
    const name = newName.trim();
    const files = new Set(plan.kept.map((use) => use.file)).size;
    const said = `${plan.kept.length} \`[[${name}]]\` ${plan.kept.length === 1 ? "link" : "links"} in ${files} ${files === 1 ? "file" : "files"} open the glossary term \`${plan.term.id}\`: they are written \`[[glossary:${name}]]\`, and the renamed entry's links \`[[${target.kind}:${name}]]\`, so none changes target`;
    // a notification, not a request: the rename answers at once, the client shows the warning beside it
    void connection.sendNotification(ShowMessageNotification.type, {
      type: MessageType.Warning,
      message: said,
    });
    // an annotated edit goes through `documentChanges`; a client that cannot confirm still gets the same edits
    return {
      documentChanges: Object.entries(changes).map(([uri, edits]) => ({
        textDocument: { uri, version: null },
        edits,
      })),
      changeAnnotations: { [keep]: { label: keep, description: said, needsConfirmation: true } },
    };
  });

  connection.onDocumentSymbol(({ textDocument }): DocumentSymbol[] => {
    server.flush();
    const project = server.project();
    const file = project?.fileOf(textDocument.uri);
    const source = file ? project?.snapshot.graph.source(file) : undefined;
    if (!project || !file || !source) return [];
    const rangeOf = (start: number, end: number) => rangeIn(project, file, start, end);
    const owner = project.ownerOf(file);
    if (file.endsWith(".mdx"))
      return owner?.kind === "chapter" ? chapterSymbols(owner as Chapter, source.text.length, rangeOf) : [];
    return entrySymbols(source, rangeOf);
  });

  connection.onWorkspaceSymbol(({ query }): SymbolInformation[] => {
    server.flush();
    const project = server.project();
    if (!project) return [];
    return workspaceSymbols(project.snapshot.graph, query, (target) => definitionOf(project, target));
  });

  connection.onCodeAction(({ textDocument, context }): CodeAction[] => {
    server.flush();
    const project = server.project();
    const file = project?.fileOf(textDocument.uri);
    if (!project || !file) return [];
    const document = documentOf(project, file);
    const actions: CodeAction[] = [];
    // an action kind is asked for by itself or by a kind it extends (`source` asks for `source.fixAll.momenta`)
    const asked = (kind: string) =>
      !context.only || context.only.some((only) => kind === only || kind.startsWith(`${only}.`));
    if (context.only && asked(FIX_ALL)) {
      const fixAll = fixAllAction(project, file, textDocument.uri);
      if (fixAll) actions.push(fixAll);
    }
    if (!asked(CodeActionKind.QuickFix)) return actions;
    for (const diagnostic of context.diagnostics) {
      const data = diagnosticDataOf(diagnostic);
      if (data?.fix) {
        // the rule's own edit, as it reported it: nothing re-derived here
        actions.push({
          title: `Replace with \`${data.fix.text}\``,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          // a suggestion changes what the book says: offered, never the one an editor applies by itself
          isPreferred: !data.fix.suggestion,
          edit: { changes: { [textDocument.uri]: [{ range: data.fix.range, newText: data.fix.text }] } },
        });
        continue;
      }
      if (data?.ruleId === "references" && data.messageId === "missing-in-kind") {
        const located = project.referenceAt(file, document.offsetAt(diagnostic.range.start));
        const action = located && createEntryAction(project, located.use.reference);
        if (action) actions.push({ ...action, diagnostics: [diagnostic] });
        continue;
      }
      // unqualified, the kind is the author's to say, except that a count or `(parameter)` is only ever a
      // condition's or a tag's (`[[Gloom 2 (Fire)]]`): one action for each kind whose references take one
      if (data?.ruleId === "references" && data.messageId === "missing") {
        const reference = project.referenceAt(file, document.offsetAt(diagnostic.range.start))?.use.reference;
        if (!reference || (reference.count === undefined && reference.parameter === undefined)) continue;
        for (const definition of KINDS.filter((kind) => kind.referenceCount !== undefined)) {
          const action = createEntryAction(project, reference, definition);
          if (action) actions.push({ ...action, diagnostics: [diagnostic] });
        }
        continue;
      }
      // an ambiguous reference has one fix per candidate kind: the rule's single fix cannot say them all
      if (data?.ruleId !== "references" || data.messageId !== "ambiguous") continue;
      const located = project.referenceAt(file, document.offsetAt(diagnostic.range.start));
      if (!located || located.use.resolution.ok) continue;
      const { reference, resolution } = located.use;
      if (resolution.reason !== "ambiguous") continue;
      const replacements = resolution.candidates.map((id) =>
        writeReference(reference, { kind: id.slice(0, id.indexOf("/")) }),
      );
      const range = rangeIn(project, file, located.start, located.end);
      for (const text of replacements) {
        actions.push({
          title: `Replace with \`${text}\``,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          isPreferred: replacements.length === 1,
          edit: { changes: { [textDocument.uri]: [{ range, newText: text }] } },
        });
      }
    }
    return actions;
  });
}

/** The code action kind of "every mechanical fix of this file", as editors run it on save (`source.fixAll`). */
export const FIX_ALL = `${CodeActionKind.SourceFixAll}.momenta`;

/** Every mechanical fix of the file's diagnostics, chosen as `momenta lint --fix` chooses them (`planFixes`). */
function fixAllAction(project: Project, file: string, uri: string): CodeAction | undefined {
  const source = project.snapshot.graph.source(file);
  const planned = source ? planFixes(source.text, project.snapshot.diagnostics.get(file) ?? []) : [];
  if (planned.length === 0) return undefined;
  // the rule's own ranges, as the quick fix of each diagnostic has them
  const edits: TextEdit[] = planned.flatMap(({ diagnostic, text }) =>
    diagnostic.fix ? [{ range: lspRange(diagnostic.fix.range), newText: text }] : [],
  );
  const count = `${planned.length} ${planned.length === 1 ? "problem" : "problems"}`;
  return {
    title: `Fix ${count} with their mechanical fixes`,
    kind: FIX_ALL,
    edit: { changes: { [uri]: edits } },
  };
}
