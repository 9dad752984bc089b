// The formatters by name, as `--format` selects them
import { compact } from "./compact.ts";
import { github } from "./github.ts";
import { json } from "./json.ts";
import { sarif } from "./sarif.ts";
import { createStylish, stylish } from "./stylish.ts";
import type { Formatter } from "./types.ts";

export const FORMATTERS: Readonly<Record<string, Formatter>> = { stylish, json, sarif, github, compact };
export type { FormatInput, Formatter } from "./types.ts";
export { compact, createStylish, github, json, sarif, stylish };
