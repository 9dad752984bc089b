// Schema of a homebrew pack's manifest (momenta-pack.json), pack id namespacing, and version ranges (semver)
import semver, { type SemVer } from "semver";
import { z } from "zod";
import { SLUG_PATTERN, SLUG_SOURCE } from "./fields/entry.ts";

export type { SemVer };

/** The Momenta rules version the core content implements; pack manifests declare which versions they support. */
export const MOMENTA_RULES_VERSION = "0.31.0";

/** File name of a pack's manifest, at the pack's root. */
export const PACK_MANIFEST_FILE = "momenta-pack.json";

/** A pack id: lower-case slug, also the namespace of its entry ids (`weapon/<pack-id>.<slug>`). */
export const PACK_ID_PATTERN = SLUG_PATTERN;

/** Namespaced entry id: `<kind>/<pack-id>.<slug>`; the dot cannot occur in core ids, so the two never collide. */
export const PACK_ENTRY_ID = new RegExp(`^([a-z][a-z-]*)/(${SLUG_SOURCE})\\.(${SLUG_SOURCE})$`);

/** Split a namespaced id into kind, pack and slug; undefined for core ids and anything else. */
export function parsePackEntryId(id: string): { kind: string; pack: string; slug: string } | undefined {
  const match = PACK_ENTRY_ID.exec(id);
  if (!match) return undefined;
  return { kind: match[1] as string, pack: match[2] as string, slug: match[3] as string };
}

/** The id a pack gives the entry of `kind` in file `<slug>.json`. */
export const packEntryId = (kind: string, packId: string, slug: string) => `${kind}/${packId}.${slug}`;

// ---- versions and ranges: npm's `semver` (`>=0.31 <0.32`, `^1.2.0`, `~1.2`, `1.x`, `a || b`) ----

/** A full semantic version, for the manifest's `version` (`1.2.3`, `1.2.3-beta.1+build.5`). */
const VERSION =
  /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** Parse a full version (`1.2.3`, `1.2.3-beta.1`); undefined when it is not one. */
export function parseVersion(text: string): SemVer | undefined {
  return semver.parse(text.trim()) ?? undefined;
}

/** Is `text` a version range npm's semver accepts? */
export function isVersionRange(text: string): boolean {
  return semver.validRange(text) !== null;
}

/** Does `version` fall in `range` (npm semantics: prereleases only match ranges that name them)? */
export function satisfies(version: string, range: string): boolean {
  return semver.valid(version) !== null && isVersionRange(range) && semver.satisfies(version, range);
}

// ---- the manifest ----

const versionString = z.string().regex(VERSION, { message: "must be a semantic version such as 1.0.0" });
const rangeString = z
  .string()
  .min(1)
  .refine(isVersionRange, {
    message: "must be a version range such as >=0.31 <0.32 or ^1.0.0",
    params: { code: "version-range" },
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
