// A catalog entry file loaded: parsed, checked by its kind's schema (and a pack's policy), references recorded
import { type KindDefinition, kindByName } from "@momenta/schema";
import { parseRule } from "../catalog/parse.ts";
import { unknownFileRule } from "../catalog/unknown-file.ts";
import type { Entry, EntryPatch, ResolvedReference } from "../model.ts";
import { type CompiledCheck, INVALID, tryCompileSchema } from "../schema/compile.ts";
import type { SourceFile } from "../source/file.ts";
import { parseJson } from "../source/json.ts";
import type { Limits } from "./limits.ts";
import { type PackContext, packEntrySubject } from "./pack.ts";
import type { ReferenceStore } from "./references.ts";
import { type Collector, reportJsonProblems, reportSchema } from "./report.ts";
import { entrySlug } from "./walk.ts";

/**
 * An entry as loaded. A class rather than an object literal with a getter: at 27k entries the literal's per-object
 * accessor closures cost more than the entries' own fields. `references` is read from the load's store on demand.
 */
export class LoadedEntry implements Entry {
  readonly kind: string;
  patches?: EntryPatch[];
  base?: Entry;
  /**
   * False when the load's reference scan saw every `[[` in the entry's strings close (`references` then finds no
   * unclosed one without walking the entry again); true when one did not, or when no scan vouches for it.
   */
  mayHoldUnclosed = true;

  constructor(
    public id: string,
    public name: string,
    public aliases: string[],
    public data: Record<string, unknown>,
    public file: string,
    public status: "complete" | "incomplete",
    public missing: string[],
    public valid: boolean,
    public definition: KindDefinition,
    /** The load's reference uses, and where this entry's sit among them (an incremental re-lint moves them). */
    public referenceStore: ReferenceStore,
    public referenceFrom: number,
    public referenceTo: number,
    /** The homebrew pack the entry was loaded from, if any. */
    readonly pack?: string,
  ) {
    this.kind = definition.kind;
  }

  get references(): ResolvedReference[] {
    return this.referenceStore.uses(this.referenceFrom, this.referenceTo);
  }
}

/** Load one entry file: undefined when it holds no object to check. */
export function loadEntry(
  source: SourceFile,
  folderDefinition: KindDefinition,
  collector: Collector,
  limits: Limits,
  store: ReferenceStore,
  lap: (label: string) => void,
  pack: PackContext | undefined,
): Entry | undefined {
  const parsed = parseJson(source.text, limits);
  lap("parse JSON");
  reportJsonProblems(collector, source, parsed.problems, limits);
  const value = parsed.value;
  if (value === undefined) return undefined;
  if (parsed.problems.length === 0) source.cleanJson = true;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const type = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    collector.add(source, parseRule.meta, "not-object", { type }, 0, source.text.length);
    return undefined;
  }
  const raw = value as Record<string, unknown>;
  const file = source.file;
  // a core entry whose id names another kind (`condition/provoked` in `content/states/`) is that kind's, misfiled:
  // one error says where it goes, and it is checked as what it is rather than as a broken entry of the folder's kind
  let definition = folderDefinition;
  const claimed =
    !pack && typeof raw.id === "string" && raw.id.includes("/")
      ? kindByName(raw.id.slice(0, raw.id.indexOf("/")))
      : undefined;
  if (claimed && claimed.kind !== folderDefinition.kind) {
    const at = source.locate(["id"]);
    const folder = file.slice(0, file.lastIndexOf("/"));
    collector.add(
      source,
      unknownFileRule.meta,
      "wrong-folder",
      {
        id: raw.id as string,
        kind: claimed.kind,
        folder,
        folderKind: folderDefinition.kind,
        right: `${folder.slice(0, folder.lastIndexOf("/") + 1)}${claimed.folder}`,
      },
      at.start,
      at.end,
      { path: ["id"], severity: "error" },
    );
    definition = claimed;
  }
  const fileSlug = entrySlug(file);
  // a pack entry's namespaced id and source are the pack's to check; the kind schema checks the rest
  const packed = pack ? packEntrySubject(pack, source, raw, definition, fileSlug) : undefined;
  const subject = packed ? packed.subject : raw;
  // the compiled check accepts exactly what zod accepts; zod runs only to explain an entry it rejected
  const check = compiledCheck(definition);
  let checked = check ? check(subject) : INVALID;
  lap("validate schemas");
  if (checked === INVALID) {
    const result = definition.schema.safeParse(subject);
    if (result.success) checked = result.data;
    else reportSchema(source, result.error.issues, definition.schema, collector, subject);
    lap("explain schema errors (zod)");
  }
  const valid = checked !== INVALID;
  const data = (
    valid ? (packed ? { ...(checked as object), id: packed.id, source: raw.source } : checked) : raw
  ) as Record<string, unknown>;
  const firstReference = store.size;
  const unclosedBefore = store.unclosedOpeners;
  store.scanEntry(raw);
  const lastReference = store.size;
  const mayHoldUnclosed = store.unclosedOpeners !== unclosedBefore;
  lap("find references");
  const entry = new LoadedEntry(
    packed ? packed.id : typeof raw.id === "string" ? raw.id : `${definition.kind}/${fileSlug}`,
    typeof raw.name === "string" && raw.name ? raw.name : fileSlug,
    Array.isArray(raw.aliases)
      ? raw.aliases.filter((alias): alias is string => typeof alias === "string")
      : NONE,
    data,
    file,
    raw.status === "incomplete" ? "incomplete" : "complete",
    Array.isArray(raw.missing)
      ? raw.missing.filter((item): item is string => typeof item === "string")
      : NONE,
    valid,
    definition,
    store,
    firstReference,
    lastReference,
    pack?.pack.id,
  );
  entry.mayHoldUnclosed = mayHoldUnclosed;
  return entry;
}

/** The `aliases` and `missing` of the many entries without any: one frozen array rather than 54k empty ones. */
const NONE = Object.freeze([]) as unknown as string[];

const compiledChecks = new WeakMap<KindDefinition, CompiledCheck | undefined>();

/** Each kind's schema compiled once per process (undefined when it uses zod features the compiler lacks). */
export function compiledCheck(definition: KindDefinition): CompiledCheck | undefined {
  if (!compiledChecks.has(definition)) compiledChecks.set(definition, tryCompileSchema(definition.schema));
  return compiledChecks.get(definition);
}
