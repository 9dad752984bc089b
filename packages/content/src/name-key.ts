// Name lookup keys: @momenta/schema's normalizeName, with a fast path for the plain ASCII names most content uses
import { normalizeName } from "@momenta/schema";

const SIMPLE_ASCII = /^[!-~]+(?: [!-~]+)*$/;

/**
 * `normalizeName`, with a fast path: plain ASCII words separated by single spaces only need lower-casing.
 * Resolution and "did you mean" key every name and reference, so this runs hundreds of thousands of times at scale.
 */
export function nameKey(name: string): string {
  return SIMPLE_ASCII.test(name) ? name.toLowerCase() : normalizeName(name);
}
