// The builder's form: one fieldset per step of ch. 12, every option an entry of the content graph the page ships
import { type Choice, el, field, select } from "./dom.ts";
import type { BuilderData, BuilderEntry, CharacterFile } from "./model.ts";

export interface FormContext {
  data: BuilderData;
  byId: ReadonlyMap<string, BuilderEntry>;
  character: CharacterFile;
  /** The file name, kept apart from the id while the name is typed. */
  slug: string;
  /** A value changed: recompute (stats, checks, link). */
  changed(): void;
  /** A row was added or removed: draw the form again. */
  restructured(): void;
  setSlug(slug: string, typed: boolean): void;
}

const byName = (a: BuilderEntry, b: BuilderEntry) => a.name.localeCompare(b.name, "en");

/** An entry's label in a list: its name, and a badge for a homebrew pack's entry. */
export function entryLabel(entry: BuilderEntry): string {
  return entry.pack ? `${entry.name} (Homebrew · ${entry.pack})` : entry.name;
}

export function entriesOf(context: FormContext, kind: string): BuilderEntry[] {
  return context.data.entries.filter((entry) => entry.kind === kind).sort(byName);
}

const dataOf = (entry: BuilderEntry | undefined) => (entry?.data ?? {}) as Record<string, unknown>;

/** Where each chosen row's problems show: filled on every recompute (see app.ts). */
export function problems(place: string): HTMLElement {
  return el("div", {
    class: "builder-problems",
    "data-problems": place,
    id: `problems-${place.replace(".", "-")}`,
  });
}

/** What the source lost of a chosen entry (its `missing`), shown under its row. */
export function lostOf(entry: BuilderEntry | undefined): HTMLElement | null {
  if (!entry?.missing.length) return null;
  // folded: every mastery the book names lost its entry, and the same words under each row would drown the form
  return el("details", { class: "builder-lost" }, [
    el("summary", {}, [`Lost in the source (${entry.missing.length})`]),
    el(
      "ul",
      {},
      entry.missing.map((item) => el("li", {}, [item])),
    ),
  ]);
}

/** The tables the source lost that held this step's options, each with a link to its chapter. */
export function lostTables(context: FormContext, names: readonly string[]): HTMLElement[] {
  return context.data.lost
    .filter((table) => names.includes(table.name))
    .map((table) =>
      el("div", { class: "missing-table", role: "note", "data-missing-table": table.name }, [
        el("p", {}, [
          el("strong", {}, ["Missing from the source: "]),
          `${table.name} (`,
          el("a", { href: table.url }, [table.chapter]),
          ")",
        ]),
        table.note ? el("p", {}, [table.note]) : null,
      ]),
    );
}

function rankSelect(
  context: FormContext,
  id: string,
  rank: number,
  label: string,
  onChange: (rank: number) => void,
) {
  const { min, max } = context.data.limits.rank;
  const choices: Choice[] = [];
  for (let r = min; r <= max; r++) choices.push({ value: String(r), label: `R${r}` });
  const control = select({ id, name: id }, choices, String(rank));
  control.addEventListener("change", () => onChange(Number(control.value)));
  return field(label, control);
}

function removeButton(label: string, onClick: () => void): HTMLButtonElement {
  const button = el("button", { type: "button", class: "builder-remove" }, [label]);
  button.addEventListener("click", onClick);
  return button;
}

function addButton(id: string, label: string, onClick: () => void): HTMLButtonElement {
  const button = el("button", { type: "button", class: "builder-add", id }, [label]);
  button.addEventListener("click", onClick);
  return button;
}

function text(
  context: FormContext,
  id: string,
  label: string,
  value: string,
  set: (value: string) => void,
  hint?: string,
) {
  const control = el("input", { id, name: id, type: "text", value, autocomplete: "off" });
  control.addEventListener("input", () => {
    set(control.value);
    context.changed();
  });
  return field(label, control, hint);
}

export function characterFieldset(context: FormContext): HTMLElement {
  const { character } = context;
  const slug = el("input", {
    id: "b-slug",
    name: "slug",
    type: "text",
    value: context.slug,
    pattern: context.data.limits.slugPattern.replace(/^\^|\$$/g, ""),
    autocomplete: "off",
    spellcheck: "false",
  });
  slug.addEventListener("input", () => context.setSlug(slug.value, true));
  const book = select(
    { id: "b-source-book", name: "source-book" },
    context.data.sourceBooks.map((value) => ({ value, label: value })),
    character.source.book,
  );
  book.addEventListener("change", () => {
    character.source = { ...character.source, book: book.value as CharacterFile["source"]["book"] };
    context.changed();
  });
  const chapter = el("input", {
    id: "b-source-chapter",
    name: "source-chapter",
    type: "text",
    value: character.source.chapter ?? "",
    inputmode: "numeric",
  });
  chapter.addEventListener("input", () => {
    const { chapter: _old, ...rest } = character.source;
    character.source = (
      chapter.value ? { ...rest, chapter: chapter.value } : rest
    ) as CharacterFile["source"];
    context.changed();
  });
  return el("fieldset", { class: "builder-step", id: "step-character" }, [
    el("legend", {}, ["Character"]),
    text(context, "b-name", "Name", character.name, (value) => {
      character.name = value;
      context.setSlug(value, false);
    }),
    field("File name", slug, "content/characters/<file name>.json; lowercase words joined by hyphens"),
    text(
      context,
      "b-summary",
      "Summary",
      character.summary ?? "",
      (value) => {
        character.summary = value;
      },
      "how the book introduces the character (optional)",
    ),
    text(
      context,
      "b-concept",
      "Concept",
      character.concept ?? "",
      (value) => {
        character.concept = value;
      },
      "ch. 12 step 1 (optional)",
    ),
    el("details", { class: "builder-file" }, [
      el("summary", {}, ["Where the character comes from (the file's source)"]),
      field("Book", book),
      field("Chapter", chapter, "00–30, A or B (optional)"),
    ]),
    problems("character"),
  ]);
}

export function archetypesFieldset(context: FormContext): HTMLElement {
  const { character } = context;
  const all = context.data.entries.filter((entry) => entry.kind === "archetype").sort(byName);
  const type = (entry: BuilderEntry) => String(dataOf(entry).type ?? "");
  const ancestries = all.filter((entry) => type(entry) === "ancestry");
  const paths = all.filter((entry) => type(entry) !== "ancestry");
  const group = (entry: BuilderEntry) =>
    type(entry) === "specialist-path" ? "Specialist paths" : "Basic paths";
  const ancestryRow = character.archetypes.findIndex(
    (held) => held.archetype === character.ancestry && held.archetype !== "",
  );
  const ancestry = select(
    { id: "b-ancestry", name: "ancestry", "aria-describedby": "problems-ancestry" },
    ancestries.map((entry) => ({ value: entry.id, label: entryLabel(entry) })),
    character.ancestry,
    "Choose an ancestry",
  );
  ancestry.addEventListener("change", () => {
    const held = character.archetypes[ancestryRow];
    if (!ancestry.value) {
      if (held) character.archetypes.splice(ancestryRow, 1);
    } else if (held) held.archetype = ancestry.value;
    else character.archetypes.unshift({ archetype: ancestry.value, rank: context.data.limits.rank.min });
    character.ancestry = ancestry.value;
    context.restructured();
  });
  let path = 0;
  const rows = character.archetypes.map((held, row) => {
    if (row === ancestryRow) return null;
    path += 1;
    const choose = select(
      {
        id: `b-archetype-${row}`,
        name: `archetype-${row}`,
        "aria-describedby": `problems-archetypes-${row}`,
      },
      paths.map((entry) => ({ value: entry.id, label: entryLabel(entry), group: group(entry) })),
      held.archetype,
      "Choose a path",
    );
    choose.addEventListener("change", () => {
      held.archetype = choose.value;
      context.restructured();
    });
    return el("li", { class: "builder-row", "data-row": `archetypes.${row}` }, [
      field(`Path ${path}`, choose),
      rankSelect(context, `b-archetype-rank-${row}`, held.rank, "Rank", (rank) => {
        held.rank = rank;
        context.changed();
      }),
      removeButton("Remove path", () => {
        character.archetypes.splice(row, 1);
        context.restructured();
      }),
      lostOf(context.byId.get(held.archetype)),
      problems(`archetypes.${row}`),
    ]);
  });
  const ancestryHeld = character.archetypes[ancestryRow];
  return el("fieldset", { class: "builder-step", id: "step-archetypes" }, [
    el("legend", {}, ["Ancestry and paths"]),
    el("div", { class: "builder-row" }, [
      field("Ancestry", ancestry),
      ancestryHeld
        ? rankSelect(context, "b-ancestry-rank", ancestryHeld.rank, "Ancestry rank", (rank) => {
            ancestryHeld.rank = rank;
            context.changed();
          })
        : null,
      lostOf(context.byId.get(character.ancestry)),
      problems("ancestry"),
      ancestryRow >= 0 ? problems(`archetypes.${ancestryRow}`) : null,
    ]),
    el("ol", { class: "builder-rows" }, rows),
    addButton("b-add-path", "Add a path", () => {
      character.archetypes.push({ archetype: "", rank: context.data.limits.rank.min });
      context.restructured();
    }),
    el("p", {}, [
      "Character rank: ",
      el("output", { id: "b-character-rank", for: "step-archetypes" }, ["0"]),
    ]),
    ...lostTables(context, ["types of archetypes", "specialist path archetypes"]),
    problems("archetypes"),
  ]);
}

export function attributesFieldset(context: FormContext): HTMLElement {
  const { character } = context;
  const attributes = character.attributes as Record<string, number>;
  return el("fieldset", { class: "builder-step", id: "step-attributes" }, [
    el("legend", {}, ["Attributes"]),
    el(
      "div",
      { class: "builder-attributes" },
      context.data.attributes.map((name) => {
        const control = el("input", {
          id: `b-attr-${name}`,
          name: `attr-${name}`,
          type: "number",
          inputmode: "numeric",
          min: context.data.limits.attributeMin,
          step: 1,
          value: attributes[name] ?? 0,
          "aria-describedby": "problems-attributes",
        });
        control.addEventListener("input", () => {
          const value = Number.parseInt(control.value, 10);
          attributes[name] = Number.isFinite(value) ? value : 0;
          context.changed();
        });
        return field(name, control);
      }),
    ),
    problems("attributes"),
  ]);
}
