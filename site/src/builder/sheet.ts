// The printed character sheet: the character and every derived stat on one page, shown only in print
import type { BuilderCheck } from "./check.ts";
import { el } from "./dom.ts";
import type { BuilderData, BuilderEntry, CharacterFile } from "./model.ts";
import type { StatRow } from "./stats.ts";

const nameOf = (byId: ReadonlyMap<string, BuilderEntry>, id: string) => byId.get(id)?.name ?? id;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function line(label: string, text: string): HTMLElement {
  return el("p", { class: "print-sheet__line" }, [el("strong", {}, [`${label}: `]), text || "—"]);
}

export function printSheet(
  file: CharacterFile,
  rows: StatRow[],
  check: BuilderCheck,
  data: BuilderData,
  byId: ReadonlyMap<string, BuilderEntry>,
): HTMLElement[] {
  const attributes = file.attributes as Record<string, number>;
  const boards = new Map<string, string[]>();
  for (const slotted of file.masteries) {
    const board = slotted.board ? capital(slotted.board) : "Board not stated";
    boards.set(board, [...(boards.get(board) ?? []), nameOf(byId, slotted.mastery)]);
  }
  const problems = check.placed.filter(
    ({ problem }) => !(problem.messageId === "unknown-id" && problem.data.id === ""),
  );
  return [
    el("h2", { class: "print-sheet__name" }, [file.name || "Unnamed character"]),
    file.summary ? el("p", {}, [file.summary]) : null,
    file.concept ? el("p", {}, [el("em", {}, [file.concept])]) : null,
    line(
      `Character rank ${file.characterRank}`,
      file.archetypes.map((held) => `${nameOf(byId, held.archetype)} R${held.rank}`).join(" · "),
    ),
    el("table", { class: "print-sheet__attributes" }, [
      el("caption", {}, ["Attributes"]),
      el(
        "tr",
        {},
        data.attributes.map((name) => el("th", { scope: "col" }, [name])),
      ),
      el(
        "tr",
        {},
        data.attributes.map((name) => el("td", {}, [String(attributes[name] ?? 0)])),
      ),
    ]),
    el("table", { class: "print-sheet__stats" }, [
      el("caption", {}, ["Derived stats (computed by the rules)"]),
      ...rows.map((row) =>
        el("tr", {}, [
          el("th", { scope: "row" }, [row.label]),
          el("td", { class: "num" }, [row.value]),
          el("td", { class: "print-sheet__calc" }, [row.calculation]),
        ]),
      ),
    ]),
    line("Mastery domains", (file.masteryDomains ?? []).map((id) => nameOf(byId, id)).join(", ")),
    line("Masteries", [...boards].map(([board, names]) => `${board}: ${names.join(", ")}`).join("; ")),
    line("Gear", file.gear.map((id) => nameOf(byId, id)).join(", ")),
    line("Threads", file.threads.join(" · ")),
    line(
      "Bonds",
      file.bonds
        .map(
          (bond) =>
            `${bond.target} (intensity ${bond.intensity}${bond.strands === undefined ? "" : `, ${bond.strands} strands`}): ${bond.descriptor}`,
        )
        .join(" · "),
    ),
    problems.length ? line("Checks", `${problems.length} problems momenta lint would report`) : null,
  ].filter((node): node is HTMLElement => node !== null);
}
