// `momenta export --format foundry`: a Foundry VTT module — manifest, a journal per chapter and catalog, entries as pages
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Chapter, ContentGraph, Entry } from "@momenta/content";
import { renderProseTree } from "@momenta/content";
import { type ChapterBlocks, chapterDocument, entryDocument, textNode } from "@momenta/render";
import { kindByName, MOMENTA_RULES_VERSION } from "@momenta/schema";
import type { Nodes as HastNodes } from "hast";
import { toHtml } from "hast-util-to-html";
import type { Root } from "mdast";

export const FOUNDRY_MODULE_ID = "momenta-rules";
const PACK_NAME = "momenta-rules";
const SOURCE_DIR = `src/packs/${PACK_NAME}`;
const PACK_DIR = `packs/${PACK_NAME}`;

/** A Foundry document id (16 letters and digits), the same for the same Momenta id on every export. */
export function foundryId(id: string): string {
  const digest = createHash("sha256").update(id).digest();
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(digest.subarray(0, 16), (byte) => alphabet[byte % alphabet.length]).join("");
}

export interface FoundryModule {
  /** Files by path below the module folder: `module.json` and the pack's source JSON. */
  files: Map<string, string>;
  journals: number;
  pages: number;
}

interface Place {
  journal: string;
  page: string;
}

/**
 * The module's files. Each chapter is a journal entry with one text page; each catalog (a kind) is a journal entry
 * with a page per entry. `[[references]]` become `@UUID[…]{text}` links to the target's page.
 */
export function foundryModule(
  graph: ContentGraph,
  options: {
    pageUrl(id: string): string;
    packName?(id: string): string | undefined;
    houseRules?(id: string): string[] | undefined;
  },
): FoundryModule {
  const places = new Map<string, Place>();
  for (const chapter of graph.chapters)
    places.set(chapter.id, { journal: foundryId(chapter.id), page: foundryId(`${chapter.id}#page`) });
  const kinds = [...new Set([...graph.entries.values()].map((entry) => entry.kind))].sort();
  for (const kind of kinds)
    for (const entry of graph.byKind(kind))
      places.set(entry.id, { journal: foundryId(`catalog/${kind}`), page: foundryId(entry.id) });
  const uuid = (id: string) => {
    const place = places.get(id) as Place;
    return `Compendium.${FOUNDRY_MODULE_ID}.${PACK_NAME}.JournalEntry.${place.journal}.JournalEntryPage.${place.page}`;
  };
  // Foundry writes a link's `{label}` into the page as HTML (its enricher reads it from the page's text, decoded):
  // a label keeps no brace that would end it and no angle bracket that would open a tag
  const link = (target: Entry | Chapter, text: string) =>
    `@UUID[${uuid(target.id)}]{${text.replace(/[{}<>]/g, "")}}`;
  const trustOf = (id: string) => (options.packName?.(id) || options.houseRules?.(id) ? "untrusted" : "core");
  /** A journal page's HTML: its provenance line, then its document through the one prose renderer and sanitizer. */
  const html = (document: Root, id: string) => {
    const pack = options.packName?.(id);
    const rules = options.houseRules?.(id);
    // a patched core entry is the pack's text: marked as its house rule and rendered untrusted, as a pack's own
    const badge = pack
      ? `<p><strong>Homebrew · ${escapeHtml(inertToFoundry(pack))}</strong></p>`
      : rules
        ? `<p><strong>House rule · ${escapeHtml(inertToFoundry(rules.join(", ")))}</strong></p>`
        : "";
    const trust = trustOf(id);
    const tree = renderProseTree(document, {
      trust,
      headingOffset: 0,
      renderReference: (reference) => ({ type: "text", value: reference.raw }),
    });
    if (trust === "untrusted") inertTexts(tree);
    return badge + toHtml(tree);
  };
  const flags = (id: string) => ({
    momenta: {
      id,
      ...(options.packName?.(id) ? { pack: options.packName?.(id) } : {}),
      ...(options.houseRules?.(id) ? { houseRule: options.houseRules?.(id) } : {}),
    },
  });
  const page = (id: string, name: string, content: string, journal: string, sort: number) => {
    const pageId = (places.get(id) as Place).page;
    return {
      _id: pageId,
      _key: `!journal.pages!${journal}.${pageId}`,
      name,
      type: "text",
      title: { show: true, level: 1 },
      text: { format: 1, content },
      sort,
      ownership: { default: -1 },
      flags: flags(id),
    };
  };
  const journals: { file: string; doc: Record<string, unknown> }[] = [];
  let pages = 0;
  graph.chapters.forEach((chapter: Chapter, index) => {
    const journal = (places.get(chapter.id) as Place).journal;
    const title = chapter.frontmatter.title;
    // a pack's chapter is never filed among the core book's: its journal is named for its pack and sorts after
    // every core chapter and catalog (its page keeps the title, under its mark)
    const pack = options.packName?.(chapter.id);
    // a chapter is its tree (a pack's is untrusted prose), rendered like an entry's, never its source spliced in
    const linkText = (entry: Entry) => textNode(link(entry, entry.name));
    const blocks: ChapterBlocks = {
      statBlock: (entry) => [
        {
          type: "paragraph",
          children: [
            { type: "emphasis", children: [textNode("Stat block:")] },
            textNode(" "),
            linkText(entry),
          ],
        },
      ],
      pageUrl: options.pageUrl(chapter.id),
    };
    const document: Root = {
      type: "root",
      children: chapterDocument(
        graph,
        chapter,
        (target, text) => textNode(link(target, text)),
        blocks,
        trustOf(chapter.id),
      ),
    };
    const sort = pack ? graph.chapters.length + kinds.length + index + 1 : index + 1;
    journals.push({
      file: `chapter-${String(index).padStart(2, "0")}-${journal}.json`,
      doc: journalDoc(journal, pack ? `Homebrew · ${pack}: ${title}` : title, sort * 100, flags(chapter.id), [
        page(chapter.id, title, html(document, chapter.id), journal, 100),
      ]),
    });
    pages++;
  });
  kinds.forEach((kind, index) => {
    const journal = foundryId(`catalog/${kind}`);
    const entries = graph.byKind(kind);
    const label = kindByName(kind)?.plural ?? kind;
    journals.push({
      file: `catalog-${kind}-${journal}.json`,
      doc: journalDoc(
        journal,
        label,
        (graph.chapters.length + index + 1) * 100,
        { momenta: { kind } },
        entries.map((entry: Entry, position) =>
          page(
            entry.id,
            entry.name,
            html(
              {
                type: "root",
                children: entryDocument(
                  entry,
                  (target, text) => textNode(link(target, text)),
                  trustOf(entry.id),
                ),
              },
              entry.id,
            ),
            journal,
            (position + 1) * 100,
          ),
        ),
      ),
    });
    pages += entries.length;
  });
  const files = new Map<string, string>();
  files.set("module.json", `${JSON.stringify(manifest(), null, 2)}\n`);
  for (const { file, doc } of journals)
    files.set(`${SOURCE_DIR}/${file}`, `${JSON.stringify(doc, null, 2)}\n`);
  return { files, journals: journals.length, pages };
}

function journalDoc(
  id: string,
  name: string,
  sort: number,
  flags: Record<string, unknown>,
  pages: Record<string, unknown>[],
): Record<string, unknown> {
  return {
    _id: id,
    _key: `!journal!${id}`,
    name,
    folder: null,
    sort,
    ownership: { default: 0 },
    flags,
    pages,
  };
}

/** This module's own page links, `@UUID[Compendium.momenta-rules.momenta-rules.JournalEntry.….JournalEntryPage.…]`. */
const OWN_LINK = new RegExp(
  `^@UUID\\[Compendium\\.${FOUNDRY_MODULE_ID}\\.${PACK_NAME}\\.JournalEntry\\.[A-Za-z0-9]{16}\\.JournalEntryPage\\.[A-Za-z0-9]{16}\\]`,
);

/**
 * Untrusted text made inert for Foundry, whose journal enrichers run over the page's text after HTML is parsed (so
 * an HTML escape changes nothing): `@Macro[…]`, `@UUID[Macro.…]` (a click runs the macro), `&Reference[…]` and
 * `[[/r …]]` are live there. A word joiner after the `@` or `&`, or between the brackets, leaves each as the text
 * it shows; links this module wrote to its own pages stay links.
 */
export function inertToFoundry(text: string): string {
  return text
    .replace(/[@&](?=[A-Za-z]+\[)/g, (sign, at: number) =>
      sign === "@" && OWN_LINK.test(text.slice(at)) ? sign : `${sign}\u2060`,
    )
    .replace(/\[(?=\[)/g, "[\u2060");
}

/** Every text of a rendered page through `inertToFoundry`, in place. */
function inertTexts(node: HastNodes): void {
  if (node.type === "text") node.value = inertToFoundry(node.value);
  else if ("children" in node) for (const child of node.children) inertTexts(child);
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** The module manifest (module.json): one JournalEntry compendium; LevelDB packs need Foundry 11 or later. */
export function manifest(): Record<string, unknown> {
  return {
    id: FOUNDRY_MODULE_ID,
    title: "Momenta Rules",
    description: "The Momenta tabletop RPG rulebook: every chapter and catalog as journal entries, linked.",
    version: MOMENTA_RULES_VERSION,
    compatibility: { minimum: "11", verified: "12" },
    packs: [
      {
        name: PACK_NAME,
        label: "Momenta Rules",
        path: PACK_DIR,
        type: "JournalEntry",
        ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" },
        flags: {},
      },
    ],
  };
}

/** The compile step as a child process (the Foundry CLI's LevelDB module is native and async). */
const COMPILER = fileURLToPath(new URL("./foundry-compile.mjs", import.meta.url));

/**
 * Compile the pack's source JSON into the LevelDB pack Foundry reads, with @foundryvtt/foundryvtt-cli. Without the
 * CLI (the standalone validator package does not carry it) the source JSON stays and the caller says so.
 */
export function writeFoundryPacks(
  folder: string,
  _module: FoundryModule,
): { ok: true } | { ok: false; reason: string } {
  if (!existsSync(COMPILER))
    return { ok: false, reason: "this package does not include @foundryvtt/foundryvtt-cli" };
  const result = spawnSync(process.execPath, [COMPILER, join(folder, SOURCE_DIR), join(folder, PACK_DIR)], {
    encoding: "utf8",
  });
  if (result.status !== 0)
    return {
      ok: false,
      reason: (result.stderr || result.error?.message || "the compiler failed").trim().split("\n")[0] ?? "",
    };
  return { ok: true };
}
