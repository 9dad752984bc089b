// Equipment, tag and damage-type schemas: required fields by status, and numbers that must agree with their text
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { generateJsonSchemas, jsonSchemaFileName } from "../json-schema.ts";
import { armorSchema } from "./armor.ts";
import { consumableSchema } from "./consumable.ts";
import { damageTypeSchema } from "./damage-type.ts";
import { tagSchema } from "./tag.ts";
import { weaponSchema } from "./weapon.ts";

const source = { book: "equipment", section: "Medium Weapons" };
const mace = {
  id: "weapon/mace",
  name: "Mace",
  source,
  status: "complete",
  weightClass: "Medium",
  attributes: ["POW"],
  damageTypes: ["Crushing"],
  tags: ["Melee 1"],
  effect: { "0s": "2 damage", "1s": "7 damage", "2s": "13 damage", "3+": "20 damage" },
  damage: { "0s": 2, "1s": 7, "2s": 13, "3+": 20 },
};

/** Paths and codes of the issues zod reports, for exact assertions. */
function issues(result: {
  success: boolean;
  error?: { issues: Array<{ path: (string | number)[]; params?: unknown }> };
}) {
  return (result.error?.issues ?? []).map((issue) => ({
    path: issue.path.join("."),
    code: (issue.params as { code?: string } | undefined)?.code,
  }));
}

describe("weapon schema", () => {
  it("accepts the Mace of the Equipment catalog", () => {
    expect(issues(weaponSchema.safeParse(mace))).toEqual([]);
  });

  it("rejects a damage ladder that disagrees with the effect text", () => {
    const result = weaponSchema.safeParse({ ...mace, damage: { ...mace.damage, "2s": 14 } });
    expect(issues(result)).toEqual([{ path: "damage.2s", code: "damage-ladder-mismatch" }]);
  });

  it("requires the damage ladder when every band opens with N damage, and not otherwise", () => {
    const { damage: _damage, ...withoutDamage } = mace;
    expect(issues(weaponSchema.safeParse(withoutDamage))).toEqual([
      { path: "damage", code: "damage-ladder-required" },
    ]);
    const effect = { ...mace.effect, "2s": "13 damage, target gains [[Wracked 1 (Fire)]]" };
    expect(
      issues(weaponSchema.safeParse({ ...withoutDamage, effect: { ...effect, "0s": "Knock prone" } })),
    ).toEqual([]);
  });

  it("needs every stat of a complete weapon but lets an incomplete one lack what the source lost", () => {
    const { weightClass: _weightClass, effect: _effect, damage: _damage, ...partial } = mace;
    expect(issues(weaponSchema.safeParse(partial)).map((issue) => issue.path)).toEqual([
      "weightClass",
      "effect",
    ]);
    const incomplete = { ...partial, status: "incomplete", missing: ["weight class", "effect ladder"] };
    expect(issues(weaponSchema.safeParse(incomplete))).toEqual([]);
  });

  it("takes tags and damage types only in the book's notation", () => {
    expect(weaponSchema.safeParse({ ...mace, tags: ["melee 1"] }).success).toBe(false);
    expect(weaponSchema.safeParse({ ...mace, tags: ["Melee1"] }).success).toBe(false);
    expect(weaponSchema.safeParse({ ...mace, damageTypes: ["Slashing, Piercing"] }).success).toBe(false);
    expect(weaponSchema.safeParse({ ...mace, damageTypes: ["Slashing/Piercing", "Fire"] }).success).toBe(
      true,
    );
    expect(weaponSchema.safeParse({ ...mace, attributes: ["STR"] }).success).toBe(false);
  });

  it("is mirrored by the generated JSON Schema for required stats", () => {
    const validate = new Ajv({ strict: false }).compile(
      generateJsonSchemas().get(jsonSchemaFileName("weapon")) ?? {},
    );
    expect(validate(mace)).toBe(true);
    const { weightClass: _weightClass, ...noWeightClass } = mace;
    expect(validate(noWeightClass)).toBe(false);
    expect(validate({ ...noWeightClass, status: "incomplete", missing: ["weight class"] })).toBe(true);
  });
});

describe("armor schema", () => {
  const plate = {
    id: "armor/plate-armor",
    name: "Plate Armor",
    source: { book: "equipment", section: "Martial Armor" },
    status: "complete",
    category: "Martial",
    effect: "+3 Max Guard",
    guardBonus: 3,
    penalty: "-1d on all AGI action rolls",
    rollPenalty: { attribute: "AGI", dice: 1 },
  };

  it("accepts Plate Armor and a penalty-free armor", () => {
    expect(issues(armorSchema.safeParse(plate))).toEqual([]);
    const { rollPenalty: _rollPenalty, ...rest } = plate;
    expect(issues(armorSchema.safeParse({ ...rest, penalty: null }))).toEqual([]);
  });

  it("rejects numbers that disagree with the printed effect and penalty", () => {
    expect(issues(armorSchema.safeParse({ ...plate, guardBonus: 4 }))).toEqual([
      { path: "guardBonus", code: "guard-bonus-mismatch" },
    ]);
    expect(issues(armorSchema.safeParse({ ...plate, rollPenalty: { attribute: "AGI", dice: 2 } }))).toEqual([
      { path: "rollPenalty", code: "roll-penalty-mismatch" },
    ]);
  });
});

describe("consumable schema", () => {
  const base = { id: "consumable/x", name: "X", source, status: "complete", rarity: "common" };
  const attack = { ...mace, id: undefined, name: undefined, source: undefined, status: undefined };
  const { id: _id, name: _name, source: _source, status: _status, ...profile } = attack;

  it("takes either an effect line or an attack profile", () => {
    expect(
      issues(consumableSchema.safeParse({ ...base, target: ["Self"], effect: "Restore 3 Vigor." })),
    ).toEqual([]);
    expect(issues(consumableSchema.safeParse({ ...base, attack: profile }))).toEqual([]);
    expect(issues(consumableSchema.safeParse(base))).toEqual([{ path: "effect", code: "effect-or-attack" }]);
    expect(issues(consumableSchema.safeParse({ ...base, effect: "Boom.", attack: profile }))).toEqual([
      { path: "attack", code: "effect-or-attack" },
    ]);
  });

  it("checks the attack's damage ladder against its text", () => {
    const wrong = { ...profile, damage: { ...profile.damage, "0s": 9 } };
    expect(issues(consumableSchema.safeParse({ ...base, attack: wrong }))).toEqual([
      { path: "attack.damage.0s", code: "damage-ladder-mismatch" },
    ]);
  });
});

describe("tag and damage type schemas", () => {
  const tag = {
    id: "tag/seeking",
    name: "Seeking",
    source: { book: "core-rules", chapter: "20" },
    parameter: "none",
  };

  it("requires a definition of a complete tag, and none of an incomplete one", () => {
    expect(issues(tagSchema.safeParse({ ...tag, status: "complete" }))).toEqual([
      { path: "definition", code: "definition-required" },
    ]);
    expect(
      issues(tagSchema.safeParse({ ...tag, status: "complete", definition: "Ignores [[Cover]]." })),
    ).toEqual([]);
    const lost = { ...tag, status: "incomplete", missing: ["definition (Appendix A's tag list was lost)"] };
    expect(issues(tagSchema.safeParse(lost))).toEqual([]);
    expect(
      tagSchema.safeParse({ ...tag, status: "complete", definition: "x", parameter: "letters" }).success,
    ).toBe(false);
  });

  it("points treatedAs at damage-type ids", () => {
    const bleeding = {
      id: "damage-type/bleeding",
      name: "Bleeding",
      source: { book: "core-rules", chapter: "22" },
    };
    const ok = {
      ...bleeding,
      status: "complete",
      treatedAs: ["damage-type/piercing", "damage-type/slashing"],
    };
    expect(issues(damageTypeSchema.safeParse(ok))).toEqual([]);
    expect(damageTypeSchema.safeParse({ ...ok, treatedAs: ["Piercing", "Slashing"] }).success).toBe(false);
  });
});
