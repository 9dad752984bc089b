// The validator's version, as its package.json states it (`momenta --version`)
import manifest from "../package.json" with { type: "json" };

export const VERSION: string = manifest.version;
