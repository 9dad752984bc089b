// The builder's list steps: masteries on their boards, gear in its slots, what the file cannot hold yet, Threads and Bonds
import { el, field, select } from "./dom.ts";
import { entriesOf, entryLabel, type FormContext, lostOf, lostTables, problems } from "./form.ts";
import type { BuilderEntry } from "./model.ts";

const dataOf = (entry: BuilderEntry | undefined) => (entry?.data ?? {}) as Record<string, unknown>;
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function button(
  id: string,
  label: string,
  onClick: () => void,
  className = "builder-add",
): HTMLButtonElement {
  const element = el("button", { type: "button", class: className, id }, [label]);
  element.addEventListener("click", onClick);
  return element;
}

type ChosenList = "arts" | "resonances" | "limitBreaks" | "consumables";

/** One checkbox per entry of a kind, each with a link to its page; the file keeps them in the order they are chosen. */
function chosenBoxes(context: FormContext, key: ChosenList, kind: string, legend: string): HTMLElement {
  const { character } = context;
  const chosen = new Set(character[key] ?? []);
  const boxes = entriesOf(context, kind).map((entry) => {
    const box = el("input", {
      type: "checkbox",
      id: `b-${kind}-${entry.id.slice(entry.id.indexOf("/") + 1)}`,
      value: entry.id,
      checked: chosen.has(entry.id),
      "aria-describedby": `problems-${key}`,
    });
    box.addEventListener("change", () => {
      const list = (character[key] ?? []).filter((id) => id !== entry.id);
      if (box.checked) list.push(entry.id);
      character[key] = list;
      context.changed();
    });
    return el("li", {}, [
      el("label", { class: "builder-check" }, [box, ` ${entryLabel(entry)}`]),
      entry.facts ? ` (${entry.facts}) ` : " ",
      el("a", { href: `/${entry.id}/`, "aria-label": `${entry.name}: its page` }, ["page"]),
      lostOf(entry),
    ]);
  });
  return el("fieldset", { class: "builder-domains", id: `b-${key}` }, [
    el("legend", {}, [legend]),
    el("ul", { class: "builder-list" }, boxes),
    problems(key),
  ]);
}

export function masteriesFieldset(context: FormContext): HTMLElement {
  const { character } = context;
  const domains = entriesOf(context, "mastery-domain");
  const chosenDomains = new Set(character.masteryDomains ?? []);
  const domainBoxes = domains.map((entry) => {
    const box = el("input", {
      type: "checkbox",
      id: `b-domain-${entry.id.slice(entry.id.indexOf("/") + 1)}`,
      value: entry.id,
      checked: chosenDomains.has(entry.id),
    });
    box.addEventListener("change", () => {
      // the file keeps the order they are chosen in, as the book lists Mira's
      const chosen = (character.masteryDomains ?? []).filter((id) => id !== entry.id);
      if (box.checked) chosen.push(entry.id);
      character.masteryDomains = chosen;
      context.changed();
    });
    return el("label", { class: "builder-check" }, [box, ` ${entryLabel(entry)}`]);
  });
  const masteryLabel = (entry: BuilderEntry) => {
    const data = dataOf(entry);
    const type = typeof data.type === "string" ? capital(data.type) : "type lost";
    const domain =
      typeof data.domain === "string" ? (context.byId.get(data.domain)?.name ?? data.domain) : "domain lost";
    return `${entryLabel(entry)} (${type}/${domain})`;
  };
  const masteryChoices = entriesOf(context, "mastery").map((entry) => {
    const domain = dataOf(entry).domain;
    return {
      value: entry.id,
      label: masteryLabel(entry),
      group: typeof domain === "string" ? (context.byId.get(domain)?.name ?? domain) : "Domain lost",
    };
  });
  const boardChoices = context.data.boards.map((board) => ({ value: board, label: capital(board) }));
  const rows = character.masteries.map((slotted, row) => {
    const choose = select(
      { id: `b-mastery-${row}`, name: `mastery-${row}`, "aria-describedby": `problems-masteries-${row}` },
      masteryChoices,
      slotted.mastery,
      "Choose a mastery",
    );
    choose.addEventListener("change", () => {
      slotted.mastery = choose.value;
      context.restructured();
    });
    const board = select(
      { id: `b-board-${row}`, name: `board-${row}` },
      boardChoices,
      slotted.board ?? "",
      "Board not stated",
    );
    board.addEventListener("change", () => {
      if (board.value) slotted.board = board.value as typeof slotted.board;
      else delete slotted.board;
      context.changed();
    });
    return el("li", { class: "builder-row", "data-row": `masteries.${row}` }, [
      field(`Mastery ${row + 1}`, choose),
      field("Board", board),
      button(
        `b-remove-mastery-${row}`,
        "Remove mastery",
        () => {
          character.masteries.splice(row, 1);
          context.restructured();
        },
        "builder-remove",
      ),
      lostOf(context.byId.get(slotted.mastery)),
      problems(`masteries.${row}`),
    ]);
  });
  const slots = el(
    "ul",
    { class: "builder-slots" },
    ["body", "mind", "soul", "wildcard"].map((board) =>
      el("li", {}, [`${capital(board)}: `, el("output", { id: `b-slots-${board}` }, ["—"])]),
    ),
  );
  return el("fieldset", { class: "builder-step", id: "step-masteries" }, [
    el("legend", {}, ["Masteries"]),
    el("fieldset", { class: "builder-domains" }, [el("legend", {}, ["Mastery domains"]), ...domainBoxes]),
    problems("masteryDomains"),
    el("p", {}, ["Slots used of the slots the rules give:"]),
    slots,
    el("ol", { class: "builder-rows" }, rows),
    button("b-add-mastery", "Add a mastery", () => {
      character.masteries.push({ mastery: "" });
      context.restructured();
    }),
    ...lostTables(context, ["mastery entries"]),
    problems("masteries"),
  ]);
}

export function spellsFieldset(context: FormContext): HTMLElement {
  const access = entriesOf(context, "mastery").filter((entry) => typeof dataOf(entry).resonance === "string");
  return el("fieldset", { class: "builder-step", id: "step-spells" }, [
    el("legend", {}, ["Arts and Resonances"]),
    el("p", {}, [
      access.length
        ? `A Resonance is gained through a mastery that gives access to it: ${access.map((entry) => entry.name).join(", ")} (under Masteries).`
        : "A Resonance is gained through a mastery that gives access to it; the source lost the mastery entries that would, so tick here the Resonances this character has.",
    ]),
    chosenBoxes(context, "arts", "art", "Arts"),
    chosenBoxes(context, "resonances", "resonance", "Resonances"),
    ...lostTables(context, ["list of 10 Arts", "sample Resonances"]),
  ]);
}

function gearGroup(entry: BuilderEntry): string {
  const data = dataOf(entry);
  if (entry.kind === "weapon") return `Weapons · ${String(data.weightClass ?? "weight class lost")}`;
  if (entry.kind === "armor") return `Armor · ${String(data.category ?? "category lost")}`;
  if (entry.kind === "focus") return "Spell foci";
  return "Wondrous items";
}

export function gearFieldset(context: FormContext): HTMLElement {
  const { character } = context;
  const items = ["weapon", "armor", "focus", "wondrous"].flatMap((kind) => entriesOf(context, kind));
  const order = (entry: BuilderEntry) =>
    ["Light", "Medium", "Heavy", "Superheavy"].indexOf(String(dataOf(entry).weightClass));
  const weapons = items.filter((entry) => entry.kind === "weapon").sort((a, b) => order(a) - order(b));
  const choices = [...weapons, ...items.filter((entry) => entry.kind !== "weapon")].map((entry) => ({
    value: entry.id,
    label: entryLabel(entry),
    group: gearGroup(entry),
  }));
  const rows = character.gear.map((id, row) => {
    const choose = select(
      { id: `b-gear-${row}`, name: `gear-${row}`, "aria-describedby": `problems-gear-${row}` },
      choices,
      id,
      "Choose an item",
    );
    choose.addEventListener("change", () => {
      character.gear[row] = choose.value;
      context.restructured();
    });
    return el("li", { class: "builder-row", "data-row": `gear.${row}` }, [
      field(`Item ${row + 1}`, choose),
      button(
        `b-remove-gear-${row}`,
        "Remove item",
        () => {
          character.gear.splice(row, 1);
          context.restructured();
        },
        "builder-remove",
      ),
      lostOf(context.byId.get(id)),
      problems(`gear.${row}`),
    ]);
  });
  const consumables = entriesOf(context, "consumable");
  return el("fieldset", { class: "builder-step", id: "step-gear" }, [
    el("legend", {}, ["Gear"]),
    el("ul", { class: "builder-slots" }, [
      el("li", {}, ["Gear slots: ", el("output", { id: "b-slots-gear" }, ["—"])]),
      el("li", {}, ["Wondrous item slots: ", el("output", { id: "b-slots-wondrous" }, ["—"])]),
    ]),
    el("ol", { class: "builder-rows" }, rows),
    button("b-add-gear", "Add an item", () => {
      character.gear.push("");
      context.restructured();
    }),
    problems("gear"),
    el("p", { class: "builder-subhead" }, [el("strong", {}, ["Consumables"])]),
    el("p", {}, [
      "Consumable Points: ",
      el("output", { id: "b-consumable-points" }, ["—"]),
      `. Every adventurer can use the common ones (${consumables
        .filter((entry) => entry.facts === "common")
        .map((entry) => entry.name)
        .join(", ")}); choose the special and rare ones this character has gained.`,
    ]),
    chosenBoxes(context, "consumables", "consumable", "Consumables gained"),
  ]);
}

export function limitBreaksFieldset(context: FormContext): HTMLElement {
  return el("fieldset", { class: "builder-step", id: "step-limit-breaks" }, [
    el("legend", {}, ["Limit Breaks"]),
    ...lostTables(context, ["Limit Break slots by tier"]),
    chosenBoxes(context, "limitBreaks", "limit-break", "Limit Breaks equipped"),
  ]);
}

export function threadsFieldset(context: FormContext): HTMLElement {
  const { character } = context;
  const rows = character.threads.map((thread, row) => {
    const control = el("input", {
      id: `b-thread-${row}`,
      name: `thread-${row}`,
      type: "text",
      value: thread,
      autocomplete: "off",
    });
    control.addEventListener("input", () => {
      character.threads[row] = control.value;
      context.changed();
    });
    return el("li", { class: "builder-row" }, [
      field(`Thread ${row + 1}`, control),
      button(
        `b-remove-thread-${row}`,
        "Remove Thread",
        () => {
          character.threads.splice(row, 1);
          context.restructured();
        },
        "builder-remove",
      ),
    ]);
  });
  return el("fieldset", { class: "builder-step", id: "step-threads" }, [
    el("legend", {}, ["Threads"]),
    el("ol", { class: "builder-rows" }, rows),
    button("b-add-thread", "Add a Thread", () => {
      character.threads.push("");
      context.restructured();
    }),
  ]);
}

export function bondsFieldset(context: FormContext): HTMLElement {
  const { character } = context;
  const { min, max } = context.data.limits.intensity;
  const intensities: { value: string; label: string }[] = [];
  for (let i = min; i <= max; i++) intensities.push({ value: String(i), label: String(i) });
  const rows = character.bonds.map((bond, row) => {
    const target = el("input", {
      id: `b-bond-target-${row}`,
      type: "text",
      value: bond.target,
      autocomplete: "off",
    });
    target.addEventListener("input", () => {
      bond.target = target.value;
      context.changed();
    });
    const intensity = select({ id: `b-bond-intensity-${row}` }, intensities, String(bond.intensity));
    intensity.addEventListener("change", () => {
      bond.intensity = Number(intensity.value);
      context.changed();
    });
    const strands = el("input", {
      id: `b-bond-strands-${row}`,
      type: "number",
      inputmode: "numeric",
      min: 0,
      step: 1,
      value: bond.strands ?? "",
    });
    strands.addEventListener("input", () => {
      const value = Number.parseInt(strands.value, 10);
      if (Number.isFinite(value)) bond.strands = value;
      else delete bond.strands;
      context.changed();
    });
    const descriptor = el("textarea", { id: `b-bond-descriptor-${row}`, rows: 2 });
    descriptor.value = bond.descriptor;
    descriptor.addEventListener("input", () => {
      bond.descriptor = descriptor.value;
      context.changed();
    });
    return el("li", { class: "builder-row builder-bond" }, [
      field("Toward", target),
      field("Intensity", intensity),
      field("Strands", strands, "optional"),
      field("Descriptor", descriptor),
      button(
        `b-remove-bond-${row}`,
        "Remove Bond",
        () => {
          character.bonds.splice(row, 1);
          context.restructured();
        },
        "builder-remove",
      ),
    ]);
  });
  return el("fieldset", { class: "builder-step", id: "step-bonds" }, [
    el("legend", {}, ["Bonds"]),
    el("ol", { class: "builder-rows" }, rows),
    button("b-add-bond", "Add a Bond", () => {
      character.bonds.push({ target: "", intensity: min, descriptor: "" });
      context.restructured();
    }),
  ]);
}
