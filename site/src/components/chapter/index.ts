// The MDX components a chapter may use (the schema's CHAPTER_COMPONENTS), one map for every page that renders chapters
import type { ChapterComponentName } from "@momenta/schema";
import ComputedTable from "./ComputedTable.astro";
import DesignNote from "./DesignNote.astro";
import EntryList from "./EntryList.astro";
import Example from "./Example.astro";
import GMNote from "./GMNote.astro";
import MissingTable from "./MissingTable.astro";
import SourceNote from "./SourceNote.astro";
import StatBlock from "./StatBlock.astro";

// keyed by the schema's names, so a component the schema allows cannot be left out of a page that renders chapters
export const chapterComponents: Record<ChapterComponentName, unknown> = {
  DesignNote,
  GMNote,
  Example,
  StatBlock,
  MissingTable,
  SourceNote,
  ComputedTable,
  EntryList,
};
