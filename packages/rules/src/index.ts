// Public API of @momenta/rules: the game's math as pure functions, each citing the chapter it implements
export * from "./dice/index.ts";
export * from "./stats/index.ts";
export * from "./tables/index.ts";
