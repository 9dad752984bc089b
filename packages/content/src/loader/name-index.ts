// Names (and aliases) of entries and chapters to their targets: the graph's name lookup, core before homebrew
import type { Chapter, Entry } from "../model.ts";
import { nameKey } from "../name-key.ts";

export type Target = Entry | Chapter;

export const EMPTY: Target[] = [];
/** Core content outranks homebrew: a pack can never change what a core name resolves to. */
const isHomebrew = (target: Target) => target.pack !== undefined;

/** Names (and aliases) → targets, kept as small arrays because most names are unique. */
export class NameIndex {
  private readonly map = new Map<string, Target[]>();
  private readonly display = new Map<string, string>();

  /** Index `target` under `name`, whose `nameKey` the caller already has (it is shared by two indexes). */
  add(name: string, target: Target, key = nameKey(name)): void {
    const list = this.map.get(key);
    if (!list) {
      this.map.set(key, [target]);
      this.display.set(key, name);
    } else if (list.includes(target)) return;
    else if (isHomebrew(target) && !isHomebrew(list[0] as Target)) return;
    else if (!isHomebrew(target) && isHomebrew(list[0] as Target)) {
      list.length = 0;
      list.push(target);
      this.display.set(key, name);
    } else list.push(target);
  }

  clear(): void {
    this.map.clear();
    this.display.clear();
  }

  /** Does a core (not homebrew) target have this name? */
  hasCore(name: string): boolean {
    const list = this.map.get(nameKey(name));
    return list !== undefined && !isHomebrew(list[0] as Target);
  }

  get(name: string): Target[] {
    return this.map.get(nameKey(name)) ?? EMPTY;
  }

  /** Names as first written, one per normalized form. */
  names(): IterableIterator<string> {
    return this.display.values();
  }
}
