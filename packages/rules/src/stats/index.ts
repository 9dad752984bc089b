// Stats (ch. 05, 06, 08, 12, 13, 22, 28, 29): cores, derived stats, advancement, Momentum, mission clock
export * from "./advancement.ts";
export * from "./attributes.ts";
export * from "./derived.ts";
export * from "./mission.ts";
export * from "./momentum.ts";
export * from "./rows.ts";
export * from "./turn.ts";
