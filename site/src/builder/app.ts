// The character builder's island: the form, live stats and the `characters` rule's checks, the link, files and saves
import { characterMessage } from "@momenta/lint/characters";
import { gearSlotsUsed } from "@momenta/rules";
import { slugify } from "@momenta/schema/reference";
import { type BuilderCheck, checkBuilder, chosenOf } from "./check.ts";
import { download, el } from "./dom.ts";
import { archetypesFieldset, attributesFieldset, characterFieldset, type FormContext } from "./form.ts";
import {
  bondsFieldset,
  gearFieldset,
  limitBreaksFieldset,
  masteriesFieldset,
  spellsFieldset,
  threadsFieldset,
} from "./form-lists.ts";
import {
  type BuilderData,
  type BuilderEntry,
  type CharacterFile,
  characterFileText,
  emptyCharacter,
  linkFragment,
  readCharacter,
  slugOfId,
} from "./model.ts";
import { printSheet } from "./sheet.ts";
import { showStats, statRows } from "./stats.ts";
import { backupText, listSaved, remove, restore, save } from "./storage.ts";

const root = document.querySelector<HTMLElement>("[data-builder]");
const script = document.getElementById("builder-data");
if (root && script?.textContent) start(root, JSON.parse(script.textContent) as BuilderData);

function start(root: HTMLElement, data: BuilderData): void {
  const byId = new Map<string, BuilderEntry>(data.entries.map((entry) => [entry.id, entry]));
  const form = root.querySelector<HTMLElement>("[data-builder-form]") as HTMLElement;
  const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T | null;
  const slugPattern = new RegExp(data.limits.slugPattern);

  let character = emptyCharacter(data);
  let slug = "";
  let slugTyped = false;
  let previous = new Map<string, string>();
  // the printed sheet is drawn when the page is printed, not on every change
  let printed = (): void => undefined;

  const fileOf = (): CharacterFile => ({ ...chosenOf(character).character, id: `character/${slug}` });
  const status = (text: string) => {
    const line = $("b-status");
    if (line) line.textContent = text;
  };

  const context: FormContext = {
    data,
    byId,
    get character() {
      return character;
    },
    get slug() {
      return slug;
    },
    changed: () => update(),
    restructured: () => render(),
    setSlug(value, typed) {
      if (typed) {
        slug = value;
        slugTyped = value !== "";
      } else if (!slugTyped) {
        slug = slugify(value);
        const input = $<HTMLInputElement>("b-slug");
        if (input) input.value = slug;
      }
      update();
    },
  };

  function load(next: CharacterFile): void {
    character = next;
    slug = slugOfId(next.id);
    slugTyped = slug !== "";
    previous = new Map();
    render();
  }

  function render(): void {
    const active = document.activeElement as HTMLElement | null;
    const activeId = active?.id;
    const step = active?.closest("fieldset.builder-step")?.id;
    form.replaceChildren(
      characterFieldset(context),
      archetypesFieldset(context),
      attributesFieldset(context),
      masteriesFieldset(context),
      spellsFieldset(context),
      gearFieldset(context),
      limitBreaksFieldset(context),
      threadsFieldset(context),
      bondsFieldset(context),
    );
    update(true);
    if (activeId && form.contains(active) === false) {
      const again = $(activeId) ?? (step ? $(step)?.querySelector<HTMLElement>(".builder-add") : null);
      again?.focus();
    }
  }

  let shownProblems = "";
  function showProblems(current: BuilderCheck, redrawn: boolean): void {
    // most changes leave the problems as they were: redrawing them would only cost the page a layout
    const key = JSON.stringify([current.placed, Boolean(current.derived)]);
    if (!redrawn && key === shownProblems) return;
    shownProblems = key;
    for (const box of form.querySelectorAll<HTMLElement>("[data-problems]")) box.replaceChildren();
    const list: HTMLElement[] = [];
    for (const { problem, place } of current.placed) {
      const notChosen = problem.messageId === "unknown-id" && problem.data.id === "";
      const { message, help } = characterMessage(problem);
      const shown = notChosen
        ? el("p", { class: "builder-problem builder-problem--todo", "data-problem-id": "not-chosen" }, [
            "Not chosen yet: choose an ancestry to compute the stats and check the build.",
          ])
        : el("p", { class: "builder-problem", "data-problem-id": problem.messageId }, [
            el("span", { "data-problem-message": "" }, [message]),
            el("br"),
            el("span", { class: "builder-help-label" }, ["help: "]),
            el("span", { "data-problem-help": "" }, [help]),
          ]);
      const box =
        form.querySelector<HTMLElement>(`[data-problems="${place}"]`) ??
        form.querySelector<HTMLElement>('[data-problems="character"]');
      box?.append(shown);
      if (!notChosen)
        list.push(
          el("li", {}, [el("a", { href: `#${box?.id ?? "step-character"}` }, [message]), ` — help: ${help}`]),
        );
    }
    const count = list.length;
    $("b-check-count")?.replaceChildren(
      count === 0
        ? current.derived
          ? "No problems: momenta lint accepts this build."
          : "Choose an ancestry to check the build."
        : `${count} ${count === 1 ? "problem" : "problems"} momenta lint would report:`,
    );
    $("b-checks")?.replaceChildren(...list);
  }

  function showSlots(current: BuilderCheck): void {
    const derived = current.derived;
    const set = (id: string, text: string) => $(id)?.replaceChildren(text);
    for (const board of ["body", "mind", "soul", "wildcard"] as const) {
      const used = current.build?.masteries
        ?.filter((mastery) => mastery.board === board)
        .reduce((sum, mastery) => sum + (mastery.slots ?? 1), 0);
      set(`b-slots-${board}`, derived ? `${used ?? "—"} of ${derived.masterySlots[board].value}` : "—");
    }
    const gear = current.build?.gear ?? [];
    set("b-slots-gear", derived ? `${gearSlotsUsed(gear)} of ${derived.gearSlots.value}` : "—");
    const wondrous = gear.filter((item) => item.kind === "wondrous").length;
    set("b-slots-wondrous", derived ? `${wondrous} of ${derived.wondrousSlots.value}` : "—");
    set("b-consumable-points", derived ? String(derived.consumablePoints.value) : "—");
  }

  function update(redrawn = false): void {
    const file = fileOf();
    const current = checkBuilder(file, byId);
    $("b-character-rank")?.replaceChildren(String(file.characterRank));
    const rows = statRows(current, file, byId);
    const stats = $("b-stats");
    if (stats)
      showStats(stats, rows, () =>
        el("p", {}, ["Choose an ancestry: the stats follow from it and the rest."]),
      );
    showProblems(current, redrawn);
    showSlots(current);
    printed = () => $("b-print-sheet")?.replaceChildren(...printSheet(file, rows, current, byId));
    const slugInput = $<HTMLInputElement>("b-slug");
    slugInput?.setAttribute("aria-invalid", String(slug !== "" && !slugPattern.test(slug)));
    // what changed, for a screen reader: the stats that moved and the number of problems
    const now = new Map(rows.map((row) => [row.label, row.value]));
    const moved = [...now].filter(([label, value]) => previous.size > 0 && previous.get(label) !== value);
    if (moved.length)
      $("b-announce")?.replaceChildren(moved.map(([label, value]) => `${label} ${value}`).join(", "));
    previous = now;
    const fragment = linkFragment(file);
    if (location.hash !== fragment) history.replaceState(null, "", fragment);
  }

  // the actions: link, file, import, saves, backup
  $("b-copy-link")?.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(location.href);
      status("Link copied: it opens this character in the builder.");
    } catch {
      status(`Copy this link: ${location.href}`);
    }
  });
  $("b-download")?.addEventListener("click", () => {
    const name = slug || "character";
    download(`${name}.json`, characterFileText(fileOf()));
    status(`Downloaded ${name}.json: put it in content/characters/ and run momenta lint.`);
  });
  const importText = (text: string, from: string) => {
    const read = readCharacter(text, data.attributes);
    if ("error" in read) status(`Not imported: ${read.error}.`);
    else {
      load(read.character);
      status(`Imported ${read.character.name || "a character"} from ${from}.`);
    }
  };
  $<HTMLInputElement>("b-import-file")?.addEventListener("change", async (event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (file) importText(await file.text(), file.name);
    input.value = "";
  });
  $("b-import-link-go")?.addEventListener("click", () => {
    const text = $<HTMLTextAreaElement>("b-import-link")?.value ?? "";
    importText(text, "the pasted text");
  });
  $("b-new")?.addEventListener("click", () => {
    load(emptyCharacter(data));
    status("A new, empty character.");
  });

  const savedList = () => {
    const list = $("b-saved");
    if (!list) return;
    const saved = listSaved(data.attributes);
    list.replaceChildren(
      ...saved.map((item) => {
        const open = el("button", { type: "button" }, [`Open ${item.file.name || item.slug}`]);
        open.addEventListener("click", () => {
          load(item.file);
          status(`Opened ${item.file.name || item.slug}.`);
        });
        const drop = el("button", { type: "button" }, [`Delete ${item.file.name || item.slug}`]);
        drop.addEventListener("click", () => {
          status(
            remove(item.slug, data.attributes) ?? `Deleted ${item.file.name || item.slug} from this device.`,
          );
          savedList();
        });
        return el("li", { "data-saved": item.slug }, [
          el("span", {}, [`${item.file.name || item.slug} (${item.slug}.json)`]),
          " ",
          open,
          " ",
          drop,
        ]);
      }),
    );
    if (saved.length === 0) list.replaceChildren(el("li", {}, ["Nothing saved on this device yet."]));
  };
  $("b-save")?.addEventListener("click", () => {
    if (!slug) {
      status("Not saved: give the character a file name first.");
      return;
    }
    status(save(slug, fileOf(), data.attributes) ?? `Saved ${slug}.json on this device.`);
    savedList();
  });
  $("b-backup")?.addEventListener("click", () => {
    const saved = listSaved(data.attributes);
    download(`momenta-characters-${new Date().toISOString().slice(0, 10)}.json`, backupText(saved));
    status(
      `Downloaded a backup of ${saved.length} saved ${saved.length === 1 ? "character" : "characters"}.`,
    );
  });
  $<HTMLInputElement>("b-restore")?.addEventListener("change", async (event) => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (file) {
      const result = restore(await file.text(), data.attributes);
      status(
        result.error
          ? `Not restored: ${result.error}.`
          : `Restored ${result.count} ${result.count === 1 ? "character" : "characters"} from ${file.name}.`,
      );
      savedList();
    }
    input.value = "";
  });
  window.addEventListener("beforeprint", () => printed());
  matchMedia("print").addEventListener("change", (event) => {
    if (event.matches) printed();
  });
  $("b-print")?.addEventListener("click", () => {
    printed();
    window.print();
  });

  const fromLink = () => {
    if (!location.hash.startsWith("#character=")) return false;
    const read = readCharacter(location.hash, data.attributes);
    if ("error" in read) {
      status(`The link's character could not be opened: ${read.error}.`);
      return false;
    }
    load(read.character);
    return true;
  };
  window.addEventListener("hashchange", () => {
    if (location.hash !== linkFragment(fileOf())) fromLink();
  });
  if (!fromLink()) render();
  savedList();
  root.dataset.ready = "true";
}
