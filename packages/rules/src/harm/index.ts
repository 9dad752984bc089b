// Harm (ch. 05, 19–22): damage, Guard, resistance, Wounds, Strain, Burdens, consequence tables
export * from "./consequences.ts";
export * from "./damage.ts";
export * from "./strain.ts";
