// Shared by the fidelity tests: read a catalog's entries through its schema and collect differences
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { repoRoot } from "./seed.ts";

/** Every entry of `content/<folder>/`, parsed by `schema`, in file-name order; none when the folder is absent. */
export function loadEntries<T>(folder: string, schema: z.ZodTypeAny): T[] {
  const dir = join(repoRoot, "content", folder);
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => schema.parse(JSON.parse(readFileSync(join(dir, file), "utf8"))) as T);
}

/** Collects "what differs" lines; an empty list means the entry matches the seed. */
export class Differences {
  readonly list: string[] = [];
  constructor(private readonly where: string) {}
  same(what: string, entry: unknown, seed: unknown) {
    if (JSON.stringify(entry) !== JSON.stringify(seed)) {
      this.list.push(
        `${this.where}: ${what}: entry has ${JSON.stringify(entry)}, seed has ${JSON.stringify(seed)}`,
      );
    }
  }
  check(what: string, ok: boolean) {
    if (!ok) this.list.push(`${this.where}: ${what}`);
  }
}
