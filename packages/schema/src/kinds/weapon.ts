// Schema for Weapon entries (content/weapons/) and the attack profile weapons share with attack consumables
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { kindIdPattern } from "../fields/entry.ts";
import { effectLadder, prose } from "../fields/prose.ts";
import { NAME_WORD, tagUse } from "../fields/tag-use.ts";
import { attribute, LADDER_BANDS, weightClass } from "../fields/vocabulary.ts";
import { defineKind } from "../kind.ts";

/**
 * Damage types as printed in the header, one string per carried type: `"Slashing/Piercing"` is a choice
 * made per attack, a plain `"Fire"` is always carried (ch. 11, Multiple Damage Types).
 */
export const damageTypeChoice = z
  .string()
  .regex(new RegExp(`^${NAME_WORD}(?:/${NAME_WORD})*$`), {
    message: 'must be a damage type name, or a choice written "Slashing/Piercing"',
  })
  .describe(
    'A damage type the attack carries, by damage-type entry name ("Crushing"); "X/Y" means the attacker picks X or Y for each attack (ch. 11)',
  );

/** The damage types one printed choice stands for: `"Slashing/Piercing"` → Slashing and Piercing. */
export function damageTypeNames(choice: string): string[] {
  return choice.split("/");
}

export { tagUse };

const damageNumber = (band: string) =>
  z.number().int().min(0).describe(`Damage dealt on ${band}, the number that opens that band's effect text`);

/** The numbers of an effect ladder whose every band opens with "N damage", for rules code and lint checks. */
export const damageLadder = z
  .object({
    "0s": damageNumber("0 successes"),
    "1s": damageNumber("1 success"),
    "2s": damageNumber("2 successes"),
    "3+": damageNumber("3 or more successes"),
  })
  .strict()
  .describe(
    'Damage per result band as numbers, where each band of `effect` begins with "N damage"; must agree with `effect`',
  );

/**
 * Reject a `damage` ladder that disagrees with the numbers opening the `effect` text, and require one
 * when every band opens with "N damage", so rules code never has to parse prose.
 */
export function checkDamageLadder(
  value: { effect?: Record<string, string | undefined>; damage?: Record<string, number> },
  ctx: z.RefinementCtx,
  path: (string | number)[] = [],
): void {
  if (!value.effect) return;
  const printed = new Map<string, number>();
  for (const band of LADDER_BANDS) {
    const match = /^(\d+) damage\b/.exec(value.effect[band] ?? "");
    if (match) printed.set(band, Number(match[1]));
  }
  if (!value.damage) {
    if (printed.size === 4) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [...path, "damage"],
        message: 'every band of `effect` opens with "N damage": add the numeric `damage` ladder',
        params: { code: "damage-ladder-required" },
      });
    }
    return;
  }
  for (const [band, amount] of Object.entries(value.damage)) {
    if (printed.get(band) !== amount) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: [...path, "damage", band],
        message: `\`damage.${band}\` is ${amount} but \`effect.${band}\` does not open with "${amount} damage"`,
        params: { code: "damage-ladder-mismatch" },
      });
    }
  }
}

/** What every weapon-like attack prints: weight class, attribute, damage types, tags, and its effect ladder. */
export const attackProfile = {
  weightClass,
  attributes: z
    .array(attribute)
    .min(1)
    .describe(
      'The attribute the attack roll uses; two (printed "POW/AGI") means the wielder picks one per attack',
    ),
  damageTypes: z
    .array(damageTypeChoice)
    .min(1)
    .describe("Damage types from the header, in printed order (the header lists them before the other tags)"),
  tags: z
    .array(tagUse)
    .describe("The header's other tags in printed order: reach or range, then special tags"),
  effect: effectLadder("What the attack does by number of successes, verbatim"),
  damage: damageLadder.optional(),
};

export const weaponSchema = byStatus("weapon", {
  ...attackProfile,
  special: prose("The weapon's Special line, verbatim").optional(),
  combination: z
    .object({
      parts: z
        .array(z.string().regex(kindIdPattern("weapon")))
        .min(2)
        .describe("Ids of every part of the combination weapon, this one included, in catalog order"),
    })
    .strict()
    .optional()
    .describe(
      "For a part of a combination weapon (Combo tag): the parts that must be equipped together (ch. 11)",
    ),
  alwaysEquipped: z
    .literal(true)
    .optional()
    .describe("Every character always has this weapon equipped (ch. 11 says so of the Unarmed Attack)"),
  gearSlots: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "Gear slots the weapon takes, only where the book states it for this weapon; otherwise it follows from the weight class (ch. 11)",
    ),
})
  .superRefine((value, ctx) => checkDamageLadder(value, ctx))
  .describe("A weapon stat block (ch. 11, Equipment catalog)");
export type Weapon = z.infer<typeof weaponSchema>;

export const weaponKind = defineKind({
  kind: "weapon",
  folder: "weapons",
  label: "Weapon",
  plural: "Weapons",
  description: "A weapon stat block (ch. 11, Equipment catalog)",
  nameResolution: "primary",
  searchRank: 9,
  catalogGroup: "weightClass",
  schema: weaponSchema,
});
