// The caps one load applies: file sizes and counts (walk), JSON depth and strings, MDX size and YAML aliases
import type { JsonLimits } from "../source/json.ts";
import type { MdxLimits } from "../source/mdx.ts";
import type { LoaderLimits } from "./walk.ts";

export interface Limits extends LoaderLimits, JsonLimits, MdxLimits {}
