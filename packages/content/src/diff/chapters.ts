// What changed between two graphs' chapters: added, removed, and changed frontmatter and text section by section
import type { Chapter, ContentGraph } from "../model.ts";
import { diffFields, type FieldChange, type WordRun, wordDiff } from "./fields.ts";

export interface ChapterRef {
  id: string;
  title: string;
}

/** One section of a chapter: the text under a heading (to the next heading), or before the first heading. */
export interface SectionChange {
  /** The heading's slug (its anchor); "" for the text before the first heading. */
  slug: string;
  /** The heading's text; null for the text before the first heading. */
  heading: string | null;
  change: "changed" | "added" | "removed";
  /** The section's text as a word diff (one added or removed run for a section added or removed). */
  words: WordRun[];
}

export interface ChapterChange extends ChapterRef {
  /** Frontmatter fields that changed (title, summary, order, …). */
  fields: FieldChange[];
  sections: SectionChange[];
}

export interface ChapterDiff {
  added: ChapterRef[];
  removed: ChapterRef[];
  changed: ChapterChange[];
}

interface Section {
  slug: string;
  heading: string | null;
  text: string;
}

const ref = (chapter: Chapter): ChapterRef => ({ id: chapter.id, title: chapter.frontmatter.title });

/** A chapter's body cut at its headings (the loader's syntax-tree offsets, so `#` in code is no heading). */
export function sectionsOf(chapter: Chapter): Section[] {
  const ranges = chapter.headingRanges;
  const offset = chapter.bodyOffset;
  const at = (fileOffset: number) => fileOffset - offset;
  const sections: Section[] = [];
  const opening = chapter.body.slice(0, ranges[0] ? at(ranges[0][0]) : undefined).trim();
  if (opening) sections.push({ slug: "", heading: null, text: opening });
  chapter.headings.forEach((heading, index) => {
    const [, end] = ranges[index] as [number, number];
    const next = ranges[index + 1];
    const text = chapter.body.slice(at(end), next ? at(next[0]) : undefined).trim();
    sections.push({ slug: heading.slug, heading: heading.text, text });
  });
  return sections;
}

function diffSections(before: Chapter, after: Chapter): SectionChange[] {
  if (before.body === after.body) return [];
  const old = new Map(sectionsOf(before).map((section) => [section.slug, section]));
  const out: SectionChange[] = [];
  const seen = new Set<string>();
  for (const section of sectionsOf(after)) {
    seen.add(section.slug);
    const was = old.get(section.slug);
    const { slug, heading } = section;
    if (!was) out.push({ slug, heading, change: "added", words: wordDiff("", section.text) });
    else if (was.text !== section.text)
      out.push({ slug, heading, change: "changed", words: wordDiff(was.text, section.text) });
  }
  for (const [slug, was] of old)
    if (!seen.has(slug))
      out.push({ slug, heading: was.heading, change: "removed", words: wordDiff(was.text, "") });
  return out;
}

/** The chapters' difference, in the new graph's reading order (removed ones in the old graph's). */
export function diffChapters(before: ContentGraph, after: ContentGraph): ChapterDiff {
  const old = new Map(before.chapters.map((chapter) => [chapter.id, chapter]));
  const ids = new Set(after.chapters.map((chapter) => chapter.id));
  const added: ChapterRef[] = [];
  const changed: ChapterChange[] = [];
  for (const chapter of after.chapters) {
    const was = old.get(chapter.id);
    if (!was) {
      added.push(ref(chapter));
      continue;
    }
    const fields = diffFields(was.frontmatter, chapter.frontmatter);
    const sections = diffSections(was, chapter);
    if (fields.length > 0 || sections.length > 0) changed.push({ ...ref(chapter), fields, sections });
  }
  const removed = before.chapters.filter((chapter) => !ids.has(chapter.id)).map(ref);
  return { added, removed, changed };
}
