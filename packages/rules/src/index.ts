// Public API of @momenta/rules: the game's math as pure functions, each citing the chapter it implements
export * from "./build/index.ts";
export * from "./conditions/index.ts";
export * from "./dice/index.ts";
export * from "./harm/index.ts";
export * from "./outcomes/index.ts";
export * from "./spells/index.ts";
export * from "./stats/index.ts";
export * from "./tables/index.ts";
