// Build legality (ch. 07, 08, 11, 12, 13, 26): plain-data inputs, violations as data, content adapters
export * from "./from-content.ts";
export * from "./legality.ts";
export * from "./types.ts";
