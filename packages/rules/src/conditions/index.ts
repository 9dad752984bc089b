// Conditions (ch. 22): stacking with caps from the entries, end-of-turn clearing for players and enemies
export * from "./stacking.ts";
