// Characters saved on this device (localStorage) and their backup file: every character as the file it exports
import { type CharacterFile, characterFile, readCharacter } from "./model.ts";

const KEY = "momenta.builder.characters";

export interface Saved {
  /** The file name (slug) it is saved under; saving again under it replaces it. */
  slug: string;
  savedAt: string;
  file: CharacterFile;
}

/** The backup file's shape: what localStorage holds, with a marker so a wrong file is refused. */
interface Backup {
  format: "momenta-builder-backup";
  version: 1;
  characters: Saved[];
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // storage blocked (private mode, a policy): saving is unavailable, the rest works
    return undefined;
  }
}

export function listSaved(attributes: readonly string[]): Saved[] {
  const text = storage()?.getItem(KEY);
  if (!text) return [];
  return readBackup(text, attributes).characters ?? [];
}

function write(saved: Saved[]): string | undefined {
  const store = storage();
  if (!store) return "this browser does not let the page store anything";
  try {
    store.setItem(KEY, backupText(saved));
    return undefined;
  } catch {
    return "the browser's storage for this site is full";
  }
}

/** Saves (or replaces) a character under its slug; returns an error to show, if any. */
export function save(slug: string, file: CharacterFile, attributes: readonly string[]): string | undefined {
  const saved = listSaved(attributes).filter((item) => item.slug !== slug);
  saved.push({ slug, savedAt: new Date().toISOString(), file: characterFile(file) });
  saved.sort((a, b) => a.slug.localeCompare(b.slug));
  return write(saved);
}

export function remove(slug: string, attributes: readonly string[]): string | undefined {
  return write(listSaved(attributes).filter((item) => item.slug !== slug));
}

export function backupText(saved: Saved[]): string {
  const backup: Backup = { format: "momenta-builder-backup", version: 1, characters: saved };
  return `${JSON.stringify(backup, null, 2)}\n`;
}

/** A backup's characters, each read like an imported file; a wrong file gives an error instead. */
export function readBackup(
  text: string,
  attributes: readonly string[],
): { characters?: Saved[]; error?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "this backup is not JSON" };
  }
  const backup = value as Partial<Backup>;
  if (backup?.format !== "momenta-builder-backup" || !Array.isArray(backup.characters))
    return { error: "this is not a builder backup file" };
  const characters: Saved[] = [];
  for (const item of backup.characters) {
    const read = readCharacter(JSON.stringify(item?.file ?? null), attributes);
    if ("character" in read && typeof item.slug === "string")
      characters.push({ slug: item.slug, savedAt: String(item.savedAt ?? ""), file: read.character });
  }
  return { characters };
}

/** Restores a backup: its characters join the saved ones, replacing those saved under the same file name. */
export function restore(text: string, attributes: readonly string[]): { count?: number; error?: string } {
  const read = readBackup(text, attributes);
  if (!read.characters) return { error: read.error ?? "nothing to restore" };
  const slugs = new Set(read.characters.map((item) => item.slug));
  const merged = [...listSaved(attributes).filter((item) => !slugs.has(item.slug)), ...read.characters];
  merged.sort((a, b) => a.slug.localeCompare(b.slug));
  const error = write(merged);
  return error ? { error } : { count: read.characters.length };
}
