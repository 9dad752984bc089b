// Schema of a homebrew pack's manifest (momenta-pack.json), pack id namespacing, and the semver subset it uses
import { z } from "zod";

/** The Momenta rules version the core content implements; pack manifests declare which versions they support. */
export const MOMENTA_RULES_VERSION = "0.31.0";

/** File name of a pack's manifest, at the pack's root. */
export const PACK_MANIFEST_FILE = "momenta-pack.json";

/** A pack id: lower-case slug, also the namespace of its entry ids (`weapon/<pack-id>.<slug>`). */
export const PACK_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Namespaced entry id: `<kind>/<pack-id>.<slug>`; the dot cannot occur in core ids, so the two never collide. */
export const PACK_ENTRY_ID = /^([a-z][a-z-]*)\/([a-z0-9]+(?:-[a-z0-9]+)*)\.([a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** Split a namespaced id into kind, pack and slug; undefined for core ids and anything else. */
export function parsePackEntryId(id: string): { kind: string; pack: string; slug: string } | undefined {
  const match = PACK_ENTRY_ID.exec(id);
  if (!match) return undefined;
  return { kind: match[1] as string, pack: match[2] as string, slug: match[3] as string };
}

/** The id a pack gives the entry of `kind` in file `<slug>.json`. */
export const packEntryId = (kind: string, packId: string, slug: string) => `${kind}/${packId}.${slug}`;

// ---- semver subset: versions, comparators, ranges (`>=0.31 <0.32`, `^1.2.0`, `~1.2`, `1.x`, `a || b`) ----

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  prerelease: string[];
}

const VERSION =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** Parse a full version (`1.2.3`, `1.2.3-beta.1`); undefined when it is not one. */
export function parseVersion(text: string): SemVer | undefined {
  const match = VERSION.exec(text.trim());
  if (!match) return undefined;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3]),
    prerelease: match[4] ? match[4].split(".") : [],
  };
}

/** Order two versions by semver precedence (build metadata ignored). */
export function compareVersions(a: SemVer, b: SemVer): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return Math.sign(core);
  if (a.prerelease.length === 0 || b.prerelease.length === 0) {
    return a.prerelease.length === b.prerelease.length ? 0 : a.prerelease.length === 0 ? 1 : -1;
  }
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
    const x = a.prerelease[i];
    const y = b.prerelease[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const nx = /^\d+$/.test(x) ? Number(x) : undefined;
    const ny = /^\d+$/.test(y) ? Number(y) : undefined;
    if (nx !== undefined && ny !== undefined) return Math.sign(nx - ny);
    if (nx !== undefined) return -1;
    if (ny !== undefined) return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

type Operator = ">=" | "<" | ">" | "<=" | "=";
interface Comparator {
  op: Operator;
  version: SemVer;
}

const v = (major: number, minor: number, patch: number): SemVer => ({ major, minor, patch, prerelease: [] });
const PARTIAL =
  /^(<=|>=|<|>|=|\^|~)?\s*v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;
const wild = (part: string | undefined) => part === undefined || /^[xX*]$/.test(part);

/** Desugar one comparator (`^0.31`, `<0.32`, `1.x`) into plain bounds; undefined when malformed. */
function desugar(text: string): Comparator[] | undefined {
  if (text === "*" || text === "x" || text === "X") return [];
  const match = PARTIAL.exec(text);
  if (!match) return undefined;
  const [, op = "", majorText, minorText, patchText, pre] = match as unknown as [
    string,
    string | undefined,
    string,
    string?,
    string?,
    string?,
  ];
  if (wild(majorText)) return op === "<" || op === ">" ? [{ op: "<", version: v(0, 0, 0) }] : [];
  const major = Number(majorText);
  // a wildcard may only be followed by wildcards
  if (wild(minorText) && !wild(patchText) && patchText !== undefined) return undefined;
  if (wild(minorText)) {
    const low = v(major, 0, 0);
    const high = v(major + 1, 0, 0);
    return bounds(op, low, high);
  }
  const minor = Number(minorText);
  if (wild(patchText)) {
    const low = v(major, minor, 0);
    const high = op === "^" && major > 0 ? v(major + 1, 0, 0) : v(major, minor + 1, 0);
    return bounds(op === "^" || op === "~" ? "" : op, low, high);
  }
  const version: SemVer = { ...v(major, minor, Number(patchText)), prerelease: pre ? pre.split(".") : [] };
  switch (op) {
    case "^": {
      const high =
        major > 0 ? v(major + 1, 0, 0) : minor > 0 ? v(0, minor + 1, 0) : v(0, 0, version.patch + 1);
      return [
        { op: ">=", version },
        { op: "<", version: high },
      ];
    }
    case "~":
      return [
        { op: ">=", version },
        { op: "<", version: v(major, minor + 1, 0) },
      ];
    case "":
      return [{ op: "=", version }];
    default:
      return [{ op: op as Operator, version }];
  }
}

/** Bounds for a partial version `[low, high)` under an operator (`>0.31` means `>=0.32.0`). */
function bounds(op: string, low: SemVer, high: SemVer): Comparator[] {
  switch (op) {
    case ">=":
      return [{ op: ">=", version: low }];
    case ">":
      return [{ op: ">=", version: high }];
    case "<":
      return [{ op: "<", version: low }];
    case "<=":
      return [{ op: "<", version: high }];
    default:
      return [
        { op: ">=", version: low },
        { op: "<", version: high },
      ];
  }
}

export type VersionRange = Comparator[][];

/** Parse a range (`>=0.31 <0.32`, `^1.0.0 || ^2.0.0`, `1.x`, `*`); undefined when malformed. */
export function parseRange(text: string): VersionRange | undefined {
  if (text.length > 256) return undefined;
  const sets: VersionRange = [];
  for (const alternative of text.split("||")) {
    const trimmed = alternative.trim();
    const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(trimmed);
    const parts = hyphen
      ? [`>=${hyphen[1]}`, `<=${hyphen[2]}`]
      : trimmed === ""
        ? ["*"]
        : trimmed.replace(/(<=|>=|<|>|=|\^|~)\s+/g, "$1").split(/\s+/);
    const set: Comparator[] = [];
    for (const part of parts) {
      const comparators = desugar(part);
      if (!comparators) return undefined;
      set.push(...comparators);
    }
    sets.push(set);
  }
  return sets;
}

/** Does `version` fall in `range`? Malformed input never satisfies. */
export function satisfies(version: string | SemVer, range: string | VersionRange): boolean {
  const parsed = typeof version === "string" ? parseVersion(version) : version;
  const sets = typeof range === "string" ? parseRange(range) : range;
  if (!parsed || !sets) return false;
  return sets.some((set) =>
    set.every(({ op, version: bound }) => {
      const c = compareVersions(parsed, bound);
      return op === ">=" ? c >= 0 : op === ">" ? c > 0 : op === "<" ? c < 0 : op === "<=" ? c <= 0 : c === 0;
    }),
  );
}

// ---- the manifest ----

const versionString = z.string().regex(VERSION, { message: "must be a semantic version such as 1.0.0" });
const rangeString = z
  .string()
  .min(1)
  .refine((text) => parseRange(text) !== undefined, {
    message: "must be a version range such as >=0.31 <0.32 or ^1.0.0",
  });

const person = z
  .object({
    name: z.string().min(1).max(200).describe("The author's name or handle"),
    url: z
      .string()
      .regex(/^https:\/\/\S+$/, { message: "must be an https:// URL" })
      .optional()
      .describe("A page about the author (https only)"),
  })
  .strict();

export const packManifestSchema = z
  .object({
    $schema: z.string().optional().describe("Path to pack-manifest.schema.json, for editor autocompletion"),
    id: z
      .string()
      .regex(PACK_ID_PATTERN, { message: "must be a lower-case slug such as `ember-court`" })
      .max(64)
      .describe(
        "The pack's id, a lower-case slug; it namespaces every entry id of the pack (`weapon/<id>.<slug>`) and is how other packs depend on it",
      ),
    name: z.string().min(1).max(200).describe('Display name, shown on the site as "Homebrew · <name>"'),
    version: versionString.describe("The pack's own version (semantic versioning: MAJOR.MINOR.PATCH)"),
    description: z.string().max(1000).optional().describe("One or two sentences on what the pack adds"),
    momenta: rangeString.describe(
      `The Momenta rules versions the pack supports, as a range (e.g. ">=0.31 <0.32"); the linter checks it against the bundled rules (${MOMENTA_RULES_VERSION})`,
    ),
    dependencies: z
      .record(
        z.string().regex(PACK_ID_PATTERN, { message: "dependency keys are pack ids (lower-case slugs)" }),
        rangeString,
      )
      .optional()
      .describe(
        "Other packs this pack references, by pack id, each with the version range it works with; references into a pack not listed here are errors",
      ),
    license: z
      .string()
      .min(1)
      .max(100)
      .describe(
        'The license of the pack\'s content, as an SPDX expression (e.g. "CC-BY-4.0") or "UNLICENSED"',
      ),
    authors: z
      .array(z.union([z.string().min(1).max(200), person]))
      .min(1)
      .describe("Who wrote the pack: names, or objects with `name` and an optional https `url`"),
    homepage: z
      .string()
      .regex(/^https:\/\/\S+$/, { message: "must be an https:// URL" })
      .optional()
      .describe("Where the pack lives (https only)"),
  })
  .strict()
  .describe("Manifest of a Momenta homebrew pack (momenta-pack.json)");

export type PackManifest = z.infer<typeof packManifestSchema>;

/** `source` of a pack entry: which pack it comes from (core entries name a part of the book instead). */
export const packEntrySource = z
  .object({
    pack: z
      .string()
      .regex(PACK_ID_PATTERN, { message: "must be the pack's id" })
      .describe("Id of the pack this entry belongs to (its momenta-pack.json `id`)"),
    section: z.string().min(1).max(200).optional().describe("Heading or page of the pack's own text, if any"),
  })
  .strict()
  .describe("Where a homebrew entry comes from: the pack that defines it");
export type PackEntrySource = z.infer<typeof packEntrySource>;
