// Spells (ch. 24): Vigor cost from base cost and shaping steps, graze Strain, caster abilities' costs
export * from "./casting.ts";
