// Outcomes (ch. 14): narrative outcome ladder, Extra Success, group rolls
export * from "./narrative.ts";
