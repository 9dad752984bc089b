// A loaded catalog entry: its fields, and its references read from the load's reference store on demand
import type { KindDefinition } from "@momenta/schema";
import type { Entry, ResolvedReference } from "../model.ts";
import type { ReferenceStore } from "./references.ts";

/**
 * An entry as loaded. A class rather than an object literal with a getter: at 27k entries the literal's per-object
 * accessor closures cost more than the entries' own fields. `references` is read from the load's store on demand.
 */
export class LoadedEntry implements Entry {
  readonly kind: string;

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
    /** The load's reference uses, and where this entry's sit among them. */
    readonly referenceStore: ReferenceStore,
    readonly referenceFrom: number,
    readonly referenceTo: number,
  ) {
    this.kind = definition.kind;
  }

  get references(): ResolvedReference[] {
    return this.referenceStore.uses(this.referenceFrom, this.referenceTo);
  }
}
