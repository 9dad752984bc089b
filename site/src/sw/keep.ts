// Parts of the rulebook the precache left out (over its budget) and a reader keeps offline: files, caches, messages
/** One part the precache does not hold: a catalog (its index page, entry pages and their search results), or so. */
export interface OfflinePart {
  /** The catalog's kind (`weapon`), or `chapters`, `search`, `search-names`. */
  id: string;
  /** What the offline page calls it ("Weapons"). */
  title: string;
  files: number;
  bytes: number;
  /** Changes with any of its files: a kept copy of another revision is fetched again. */
  revision: string;
}

/** offline/parts.json, precached: what the precache left out. Written only when something was. */
export interface PartsIndex {
  budget: number;
  parts: OfflinePart[];
}

/** A part's file list, fetched when a reader keeps it: URLs as the browser asks for them ("/weapon/mace/"). */
export interface PartList {
  urls: string[];
}

export const PARTS_FILE = "offline/parts.json";
export const partListFile = (id: string): string => `offline/parts/${id}.json`;
/** A catalog's entry pages when the precache holds no page bundle of every page: one bundle per catalog. */
export const partBundleFile = (id: string): string => `offline/pages/${id}.json.gz`;

/** One cache per kept part, so removing it is one `caches.delete`. */
export const KEEP_CACHE_PREFIX = "momenta-keep:";
export const keepCacheName = (id: string): string => `${KEEP_CACHE_PREFIX}${id}`;
/** Put in a part's cache once every file is in it, holding the part's revision: a part without it is incomplete. */
export const KEPT_MARKER = "/offline/kept";

/** Page → worker, with a MessagePort for the reply: keep the part offline, or drop it. */
export interface KeepMessage {
  type: typeof KEEP_MESSAGE;
  id: string;
  keep: boolean;
}
export const KEEP_MESSAGE = "momenta:keep";
export type KeepReply = { ok: true } | { ok: false; error: string };

/** "1 file", "13,529 files": how the offline page and the build's line count parts and files. */
export const countOf = (n: number, noun: string): string =>
  `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
