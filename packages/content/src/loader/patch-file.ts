// One house-rule patch file as the loader read it: its pack, source, target entry and leaves
import type { KindDefinition } from "@momenta/schema";
import type { JsonPath } from "../diagnostic.ts";
import type { LoadedPack } from "../model.ts";
import type { SourceFile } from "../source/file.ts";

/** One patch file read: the entry it names and the merge patch (without `$schema` and `id`). */
export interface PatchFile {
  pack: LoadedPack;
  source: SourceFile;
  /** The id the file's path names: `patches/weapon/dagger.json` → `weapon/dagger`. */
  target: string;
  definition: KindDefinition;
  patch: Record<string, unknown>;
  /** The leaves the patch sets or removes. */
  paths: JsonPath[];
}
