// `momenta diff` output: stylish (terminal, git-style word diff), json (the ContentDiff), markdown (release notes)
import type {
  ChapterDiff,
  ContentDiff,
  EntryChange,
  FieldChange,
  SectionChange,
  WordRun,
} from "@momenta/content";
import { escapeForTerminal } from "@momenta/content";

export const DIFF_FORMATS = ["stylish", "json", "markdown"] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

/** Unchanged prose longer than this many words is shortened to its ends around a change. */
const CONTEXT_WORDS = 6;

const value = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : JSON.stringify(v));

/** Keep a few words either side of each change; long unchanged runs become `…`. */
function trimRun(text: string, position: "first" | "middle" | "last"): string {
  const words = text.split(/(?<=\s)/);
  if (words.length <= CONTEXT_WORDS * 2) return text;
  const head = words.slice(0, CONTEXT_WORDS).join("");
  const tail = words.slice(-CONTEXT_WORDS).join("");
  if (position === "first") return `…${tail}`;
  if (position === "last") return `${head}…`;
  return `${head}… ${tail}`;
}

function words(
  runs: readonly WordRun[],
  removed: (t: string) => string,
  added: (t: string) => string,
): string {
  return runs
    .map((run, index) => {
      if (run.op === "removed") return removed(run.text);
      if (run.op === "added") return added(run.text);
      const position = index === 0 ? "first" : index === runs.length - 1 ? "last" : "middle";
      return trimRun(run.text, position);
    })
    .join("");
}

function stylishField(field: FieldChange): string {
  const safe = (text: string) => escapeForTerminal(text);
  if (field.change === "added") return `      ${field.path}: added ${safe(value(field.new))}\n`;
  if (field.change === "removed") return `      ${field.path}: removed (was ${safe(value(field.old))})\n`;
  if (field.words)
    return `      ${field.path}: ${safe(
      words(
        field.words,
        (t) => `[-${t}-]`,
        (t) => `{+${t}+}`,
      ),
    )}\n`;
  return `      ${field.path}: ${safe(value(field.old))} → ${safe(value(field.new))}\n`;
}

const summary = (diff: ContentDiff) => {
  const total = diff.added.length + diff.removed.length + diff.renamed.length + diff.changed.length;
  const { added, removed, changed } = diff.chapters;
  const chapters = added.length + removed.length + changed.length;
  if (total === 0 && chapters === 0) return "no differences\n";
  return (
    (total === 0
      ? ""
      : `${total} ${total === 1 ? "entry differs" : "entries differ"}: ${diff.added.length} added, ${diff.removed.length} removed, ${diff.renamed.length} renamed, ${diff.changed.length} changed\n`) +
    (chapters === 0
      ? ""
      : `${chapters} ${chapters === 1 ? "chapter differs" : "chapters differ"}: ${added.length} added, ${removed.length} removed, ${changed.length} changed\n`)
  );
};

/** A section's label: its heading, or "opening" for the text before the first heading. */
const sectionLabel = (section: SectionChange) => section.heading ?? "opening";
/** Chapter text on one line: line breaks of the MDX source read as spaces. */
const oneLine = (runs: readonly WordRun[]) =>
  runs.map((run) => ({ ...run, text: run.text.replace(/\s*\n\s*/g, " ") }));

function stylishChapters(chapters: ChapterDiff): string {
  const safe = (text: string) => escapeForTerminal(text);
  let out = "";
  if (chapters.added.length > 0) {
    out += `chapters added (${chapters.added.length})\n`;
    for (const chapter of chapters.added) out += `  + ${chapter.id}  ${safe(chapter.title)}\n`;
  }
  if (chapters.removed.length > 0) {
    out += `chapters removed (${chapters.removed.length})\n`;
    for (const chapter of chapters.removed) out += `  - ${chapter.id}  ${safe(chapter.title)}\n`;
  }
  if (chapters.changed.length > 0) {
    out += `chapters changed (${chapters.changed.length})\n`;
    for (const chapter of chapters.changed) {
      out += `  * ${chapter.id}  ${safe(chapter.title)}\n`;
      for (const field of chapter.fields) out += stylishField(field);
      for (const section of chapter.sections)
        out += `      § ${safe(sectionLabel(section))}${section.change === "changed" ? "" : ` (${section.change})`}: ${safe(
          words(
            oneLine(section.words),
            (t) => `[-${t}-]`,
            (t) => `{+${t}+}`,
          ),
        )}\n`;
    }
  }
  return out;
}

export function formatStylish(diff: ContentDiff): string {
  const safe = (text: string) => escapeForTerminal(text);
  let out = "";
  if (diff.added.length > 0) {
    out += `added (${diff.added.length})\n`;
    for (const entry of diff.added) out += `  + ${entry.id}  ${safe(entry.name)}\n`;
  }
  if (diff.removed.length > 0) {
    out += `removed (${diff.removed.length})\n`;
    for (const entry of diff.removed) out += `  - ${entry.id}  ${safe(entry.name)}\n`;
  }
  if (diff.renamed.length > 0) {
    out += `renamed (${diff.renamed.length})\n`;
    for (const entry of diff.renamed) {
      const names = entry.fromName ? `${safe(entry.fromName)} → ${safe(entry.name)}` : safe(entry.name);
      out += `  ~ ${entry.from} → ${entry.id}  ${names}\n`;
      for (const field of entry.fields) out += stylishField(field);
    }
  }
  if (diff.changed.length > 0) {
    out += `changed (${diff.changed.length})\n`;
    for (const entry of diff.changed) {
      out += `  * ${entry.id}  ${safe(entry.name)}\n`;
      for (const field of entry.fields) out += stylishField(field);
    }
  }
  return out + stylishChapters(diff.chapters) + summary(diff);
}

/** Markdown text in a list item or code span: no HTML, no table or emphasis breakage from the content. */
const md = (text: string) => text.replace(/[\\`*_[\]<>|~]/g, (c) => `\\${c}`).replace(/\n/g, " ");
const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** Emphasis markers around a run's words, its surrounding spaces kept outside (`~~ x~~` would not render). */
const around = (text: string, marker: string) => {
  const [, lead = "", core = "", trail = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  return core ? `${lead}${marker}${core}${marker}${trail}` : text;
};

function markdownField(field: FieldChange): string {
  const path = code(field.path);
  if (field.change === "added") return `  - ${path}: added ${code(value(field.new))}\n`;
  if (field.change === "removed") return `  - ${path}: removed (was ${code(value(field.old))})\n`;
  if (field.words)
    return `  - ${path}: ${words(
      field.words.map((run) => ({ ...run, text: md(run.text) })),
      (t) => around(t, "~~"),
      (t) => around(t, "**"),
    )}\n`;
  return `  - ${path}: ${code(value(field.old))} → ${code(value(field.new))}\n`;
}

function markdownEntry(entry: EntryChange, heading: string): string {
  return `- ${heading}\n${entry.fields.map(markdownField).join("")}`;
}

function markdownChapters(chapters: ChapterDiff): string {
  const item = (c: { id: string; title: string }) => `- **${md(c.title)}** (${code(c.id)})\n`;
  let out = "";
  if (chapters.added.length > 0) out += `\n## Chapters added\n\n${chapters.added.map(item).join("")}`;
  if (chapters.removed.length > 0) out += `\n## Chapters removed\n\n${chapters.removed.map(item).join("")}`;
  if (chapters.changed.length > 0)
    out += `\n## Chapters changed\n\n${chapters.changed
      .map(
        (c) =>
          item(c) +
          c.fields.map(markdownField).join("") +
          c.sections
            .map(
              (section) =>
                `  - *${md(sectionLabel(section))}*${section.change === "changed" ? "" : ` (${section.change})`}: ${words(
                  oneLine(section.words).map((run) => ({ ...run, text: md(run.text) })),
                  (t) => around(t, "~~"),
                  (t) => around(t, "**"),
                )}\n`,
            )
            .join(""),
      )
      .join("")}`;
  return out;
}

export function formatMarkdown(diff: ContentDiff, title: string): string {
  let out = `# ${md(title)}\n\n${summary(diff)}`;
  if (diff.added.length > 0)
    out += `\n## Added\n\n${diff.added.map((e) => `- **${md(e.name)}** (${code(e.id)})\n`).join("")}`;
  if (diff.removed.length > 0)
    out += `\n## Removed\n\n${diff.removed.map((e) => `- **${md(e.name)}** (${code(e.id)})\n`).join("")}`;
  if (diff.renamed.length > 0)
    out += `\n## Renamed\n\n${diff.renamed
      .map((e) =>
        markdownEntry(
          e,
          `**${md(e.fromName ?? e.name)}**${e.fromName ? ` → **${md(e.name)}**` : ""} (${code(e.from ?? "")} → ${code(e.id)})`,
        ),
      )
      .join("")}`;
  if (diff.changed.length > 0)
    out += `\n## Changed\n\n${diff.changed.map((e) => markdownEntry(e, `**${md(e.name)}** (${code(e.id)})`)).join("")}`;
  return out + markdownChapters(diff.chapters);
}

export function formatDiff(diff: ContentDiff, format: DiffFormat, title: string): string {
  if (format === "json") return `${JSON.stringify(diff, null, 2)}\n`;
  if (format === "markdown") return formatMarkdown(diff, title);
  return formatStylish(diff);
}
