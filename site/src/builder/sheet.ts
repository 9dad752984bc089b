// The printed character sheet: the render layer's sheet (render/sheet.ts, as on a character's page), shown only in print
import { characterSheet, h } from "@momenta/render/sheet";
import type { BuilderCheck } from "./check.ts";
import { el, fromTree } from "./dom.ts";
import type { BuilderEntry, CharacterFile } from "./model.ts";
import type { StatRow } from "./stats.ts";

export function printSheet(
  file: CharacterFile,
  rows: StatRow[],
  check: BuilderCheck,
  byId: ReadonlyMap<string, BuilderEntry>,
): Node[] {
  const problems = check.placed.filter(
    ({ problem }) => !(problem.messageId === "unknown-id" && problem.data.id === ""),
  );
  // paper has one page: the book's table stays on screen, in the stats panel's Book column
  const sheet = characterSheet(file, rows, {
    ref: (id) => h("span", {}, [byId.get(id)?.name ?? id]),
    headingLevel: 3,
    title: true,
    comparison: "none",
  });
  return [
    ...fromTree(sheet),
    ...(problems.length
      ? [
          el("p", { class: "print-sheet__checks" }, [
            `Checks: ${problems.length} problems momenta lint would report`,
          ]),
        ]
      : []),
  ];
}
