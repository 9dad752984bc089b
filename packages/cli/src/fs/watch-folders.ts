// Folder watches that survive a file replaced by rename (`sed -i`, `git checkout`, an editor's atomic save)
import { type FSWatcher, lstatSync, readdirSync, watch } from "node:fs";
import { join } from "node:path";

export interface WatchHandle {
  close(): void;
}

/** One plain watch on a folder's own entries (not below them); nothing when it cannot be watched. */
export function watchFolder(dir: string, changed: (name: string | undefined) => void): WatchHandle {
  try {
    const watcher = watch(dir, (_event, name) => changed(name === null ? undefined : String(name)));
    watcher.on("error", () => watcher.close());
    return watcher;
  } catch {
    return { close() {} }; // the lint reports a missing or unreadable pack
  }
}

/**
 * Watch the content folder and each folder in it (the layout is one level deep) with one plain watch each, and
 * never a file: a file replaced by rename is a new inode, which a watch of the file (as Node 20's recursive watch
 * on Linux keeps, one per file) never hears of again, while its folder's watch names it on every write and rename.
 * The watches are in place when this returns (Node 20's recursive watch sets its own up later, and missed a write
 * made right after). A folder created, or replaced by rename, is watched again from its first event; `changed`
 * gets the name below `dir` (`conditions/hindered.json`, or `conditions` for the folder itself).
 */
export function watchContent(dir: string, changed: (name: string | undefined) => void): WatchHandle {
  const watchers = new Map<string, FSWatcher>();
  const add = (folder: string) => {
    let watcher: FSWatcher;
    try {
      watcher = watch(folder ? join(dir, folder) : dir, (_event, name) => {
        if (!name) return changed(undefined);
        const entry = String(name);
        if (!folder) {
          // the old watch follows the folder's inode (moved away, or deleted): a folder now there is watched anew
          watchers.get(entry)?.close();
          watchers.delete(entry);
          if (isFolder(join(dir, entry))) add(entry);
        }
        changed(folder ? `${folder}/${entry}` : entry);
      });
    } catch {
      return; // gone already, or unreadable: the lint reports it
    }
    // a closed watch leaves the map only if it is still the folder's (its `close` event comes a tick later)
    const forget = () => {
      if (watchers.get(folder) === watcher) watchers.delete(folder);
    };
    watcher.on("error", () => {
      forget();
      watcher.close();
    });
    watcher.on("close", forget);
    watchers.set(folder, watcher);
  };
  add("");
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) add(entry.name);
  } catch {
    // an unreadable content folder is the lint's finding
  }
  return {
    close() {
      for (const watcher of [...watchers.values()]) watcher.close();
      watchers.clear();
    },
  };
}

function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
