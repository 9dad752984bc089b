// Reference uses of one load, kept in columns: one shared parse per distinct `[[…]]`, offsets in typed arrays
import { parseReferenceBody, referenceEndAt } from "@momenta/schema";
import type { JsonPath } from "../diagnostic.ts";
import type { ReferenceText, Resolution, ResolvedReference } from "../model.ts";
import { doubled } from "../typed-arrays.ts";

/** The parse of a reference body without its offsets, frozen because every use of the same text shares it. */
export function referenceText(body: string): ReferenceText {
  const { start: _start, end: _end, ...text } = parseReferenceBody(body, 0);
  return Object.freeze(text);
}

/** Placeholder until the graph exists; `resolveAll` replaces it. */
export const UNRESOLVED: Resolution = Object.freeze({
  ok: false,
  reason: "missing",
  candidates: Object.freeze([]) as unknown as string[],
}) as Resolution;

const pushTo = (use: ResolvedReference, list: ResolvedReference[]) => {
  list.push(use);
};

/**
 * Every reference use of one load. At 5etools scale there are 260k uses of ~21k distinct texts: an object per use,
 * kept for the whole run, made the garbage collector copy and trace a quarter of a million records (the largest
 * single cost of a lint). Here a use is three numbers and a path in columns; each distinct text is parsed once and
 * resolved once, and `uses()` builds the familiar `ResolvedReference` objects only when asked (short-lived).
 */
export class ReferenceStore {
  /** Distinct texts by id. */
  private readonly texts: ReferenceText[] = [];
  /** What each text resolves to, by id. */
  private readonly resolutions: Resolution[] = [];
  /** Chapter references (whose raw text may escape `|`) are keyed by raw text; entry prose by body, below. */
  private readonly idsByRaw = new Map<string, number>();
  /**
   * Entry prose bodies → text ids: a hash table looked up with the body still in place in the prose (its hash is
   * taken over the body where it stands), so a repeated reference costs no substring.
   */
  private bodyHeads = new Int32Array(1 << 12).fill(-1);
  private bodyNext = new Int32Array(1 << 11);
  private bodyHashes = new Int32Array(1 << 11);
  private readonly bodies: string[] = [];
  private readonly bodyIds: number[] = [];
  private textIds = new Int32Array(1024);
  private starts = new Int32Array(1024);
  private ends = new Int32Array(1024);
  private readonly paths: JsonPath[] = [];
  private count = 0;
  /** `[[` openers seen that close no reference (and skipped strings holding one), counted as `scan` meets them. */
  private unclosed = 0;

  /** Number of uses recorded. */
  get size(): number {
    return this.count;
  }

  /**
   * How many `[[` the scans met that open no reference, plus the skipped `$schema` and `id` strings holding a `[[`:
   * unchanged over an entry's scan, its strings hold no unclosed reference (the `references` rule's walk is spared).
   */
  get unclosedOpeners(): number {
    return this.unclosed;
  }

  /** The path of the string being scanned by `scanEntry`, pushed and popped as it walks. */
  private readonly walkPath: (string | number)[] = [];

  /**
   * Record the references in every string of an entry's JSON value, except its own `$schema` and `id` strings.
   * A walk of its own rather than a callback: this runs once per entry, and a closure per call cost the loader
   * its optimized code.
   */
  scanEntry(entry: Record<string, unknown>): void {
    const path = this.walkPath;
    for (const key in entry) {
      if ((key === "$schema" || key === "id") && typeof entry[key] === "string") {
        if ((entry[key] as string).includes("[[")) this.unclosed++;
        continue;
      }
      path.push(key);
      this.walk(entry[key]);
      path.pop();
    }
  }

  private walk(value: unknown): void {
    if (typeof value === "string") {
      if (value.includes("[[")) this.scan(value, this.walkPath);
    } else if (Array.isArray(value)) {
      const path = this.walkPath;
      for (let i = 0; i < value.length; i++) {
        path.push(i);
        this.walk(value[i]);
        path.pop();
      }
    } else if (value !== null && typeof value === "object") {
      const path = this.walkPath;
      for (const key in value) {
        path.push(key);
        this.walk((value as Record<string, unknown>)[key]);
        path.pop();
      }
    }
  }

  /** Paths one key deep (most prose fields), one frozen array per key for the whole load. */
  private readonly topLevelPaths = new Map<string | number, JsonPath>();

  /**
   * Record every `[[…]]` in a prose string of an entry, at `at` (copied if anything is found, so a walker may
   * reuse its array): the references @momenta/schema's tokenizer (`referenceEndAt`) finds, as `findReferences` does.
   */
  scan(text: string, at: readonly (string | number)[]): void {
    let path: JsonPath | undefined;
    let open = text.indexOf("[[");
    while (open !== -1) {
      const end = referenceEndAt(text, open);
      if (end === -1) {
        this.unclosed++;
        open = text.indexOf("[[", open + 1);
        continue;
      }
      let hash = 0;
      // kept to 30 bits: a small integer to V8 (a wider one is a heap number: an allocation, and the optimized code
      // of `scan` and `bodyId` thrown away with "not a Smi")
      for (let i = open + 2; i < end - 2; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) & 0x3fffffff;
      const id = this.bodyId(text, open + 2, end - 2, hash);
      path ??= this.pathOf(at);
      this.push(id, open, end, path);
      open = text.indexOf("[[", end);
    }
  }

  /** Record one use of a chapter reference: `body` is parsed, `raw` is the text as written in the file. */
  addRaw(raw: string, body: string, start: number, path: JsonPath): void {
    let id = this.idsByRaw.get(raw);
    if (id === undefined) {
      id = this.intern(Object.freeze({ ...referenceText(body), raw }));
      this.idsByRaw.set(raw, id);
    }
    this.push(id, start, start + raw.length, path);
  }

  /** Number of distinct texts. */
  get textCount(): number {
    return this.texts.length;
  }

  /** The text id of use `i` (an index of texts to their owners reads the columns, building no use). */
  textIdOf(use: number): number {
    return this.textIds[use] as number;
  }

  /** Distinct text `id`. */
  textAt(id: number): ReferenceText {
    return this.texts[id] as ReferenceText;
  }

  /** What distinct text `id` resolved to. */
  resolutionAt(id: number): Resolution {
    return this.resolutions[id] as Resolution;
  }

  /** Resolve each distinct text once (again after the graph changes, as packs do). */
  resolveAll(resolve: (reference: ReferenceText) => Resolution): void {
    this.verdictsOf = undefined; // verdicts were given on the old resolutions
    for (let id = 0; id < this.texts.length; id++)
      this.resolutions[id] = resolve(this.texts[id] as ReferenceText);
  }

  /** The `wanted` whose verdicts `verdicts` keeps, by text id (0 not asked yet, 1 wanted, 2 turned down). */
  private verdictsOf: ((reference: ReferenceText, resolution: Resolution) => boolean) | undefined;
  private verdicts = new Uint8Array(0);
  /** The walk the verdicts belong to: a target may change between walks (an incremental re-lint edits in place). */
  private verdictsWalk = 0;
  private static walks = 0;

  /** A new walk over the uses begins (the graph's `forEachReference`): no verdict of an earlier one is kept. */
  static beginWalk(): void {
    ReferenceStore.walks++;
  }

  /**
   * Calls `visit` with each use in `[from, to)`, built fresh, skipping those `wanted` turns down by their text and
   * resolution alone: most rules look at a few kinds of reference, and a skipped use costs no object. `wanted` is
   * asked once per distinct text in a walk (it sees only the text and its resolution), however many uses share it:
   * a rule passes one function for the whole graph, and at 5etools scale 260k uses share 21k texts.
   */
  forEachUse<O>(
    from: number,
    to: number,
    owner: O,
    visit: (use: ResolvedReference, owner: O) => void,
    wanted?: (reference: ReferenceText, resolution: Resolution) => boolean,
  ): void {
    if (wanted && (wanted !== this.verdictsOf || this.verdictsWalk !== ReferenceStore.walks)) {
      this.verdictsOf = wanted;
      this.verdictsWalk = ReferenceStore.walks;
      this.verdicts = new Uint8Array(this.texts.length);
    }
    const verdicts = this.verdicts;
    for (let i = from; i < to; i++) {
      const id = this.textIds[i] as number;
      const reference = this.texts[id] as ReferenceText;
      const resolution = this.resolutions[id] as Resolution;
      if (wanted) {
        // a text interned after the verdicts were sized is asked each time
        let verdict = id < verdicts.length ? (verdicts[id] as number) : 0;
        if (verdict === 0) {
          verdict = wanted(reference, resolution) ? 1 : 2;
          if (id < verdicts.length) verdicts[id] = verdict;
        }
        if (verdict === 2) continue;
      }
      visit(
        {
          reference,
          start: this.starts[i] as number,
          end: this.ends[i] as number,
          path: this.paths[i] as JsonPath,
          resolution,
        },
        owner,
      );
    }
  }

  /** Uses `[from, to)` as fresh objects, in the order they were recorded. */
  uses(from: number, to: number): ResolvedReference[] {
    const out: ResolvedReference[] = [];
    this.forEachUse(from, to, out, pushTo);
    return out;
  }

  /** The text id for the body `text[start, end)` with hash `hash`, parsing and interning it the first time. */
  private bodyId(text: string, start: number, end: number, hash: number): number {
    const length = end - start;
    for (let slot = this.bodyHeads[hash & (this.bodyHeads.length - 1)] as number; slot !== -1; ) {
      if (this.bodyHashes[slot] === hash) {
        const body = this.bodies[slot] as string;
        // same length and the text continues with it: compared natively, in place
        if (body.length === length && text.startsWith(body, start)) return this.bodyIds[slot] as number;
      }
      slot = this.bodyNext[slot] as number;
    }
    const body = text.slice(start, end);
    const id = this.intern(referenceText(body));
    const slot = this.bodies.length;
    if (slot === this.bodyNext.length) {
      this.bodyNext = doubled(this.bodyNext);
      this.bodyHashes = doubled(this.bodyHashes);
    }
    this.bodies.push(body);
    this.bodyIds.push(id);
    this.bodyHashes[slot] = hash;
    // keep chains short: twice as many buckets as bodies
    if (this.bodies.length * 2 > this.bodyHeads.length) this.rehash(this.bodyHeads.length * 2);
    else this.link(slot);
    return id;
  }

  private link(slot: number): void {
    const bucket = (this.bodyHashes[slot] as number) & (this.bodyHeads.length - 1);
    this.bodyNext[slot] = this.bodyHeads[bucket] as number;
    this.bodyHeads[bucket] = slot;
  }

  private rehash(size: number): void {
    this.bodyHeads = new Int32Array(size).fill(-1);
    for (let slot = 0; slot < this.bodies.length; slot++) this.link(slot);
  }

  private pathOf(at: readonly (string | number)[]): JsonPath {
    if (at.length !== 1) return [...at];
    const key = at[0] as string | number;
    let path = this.topLevelPaths.get(key);
    if (!path) {
      path = Object.freeze([key]) as unknown as JsonPath;
      this.topLevelPaths.set(key, path);
    }
    return path;
  }

  private intern(reference: ReferenceText): number {
    this.texts.push(reference);
    this.resolutions.push(UNRESOLVED);
    return this.texts.length - 1;
  }

  private push(id: number, start: number, end: number, path: JsonPath): void {
    if (this.count === this.textIds.length) {
      this.textIds = doubled(this.textIds);
      this.starts = doubled(this.starts);
      this.ends = doubled(this.ends);
    }
    this.textIds[this.count] = id;
    this.starts[this.count] = start;
    this.ends[this.count] = end;
    this.paths.push(path);
    this.count++;
  }
}

/** A store that records nothing: for loads that compare fields only (`momenta diff`), never for lint. */
export class SkippedReferences extends ReferenceStore {
  /** Nothing is scanned, so nothing is vouched for. */
  override get unclosedOpeners(): number {
    return this.skipped;
  }
  private skipped = 0;
  override scanEntry(_entry: Record<string, unknown>): void {
    this.skipped++;
  }
  override addRaw(..._args: Parameters<ReferenceStore["addRaw"]>): void {}
}
