// The whole-process floor for `momenta lint`: a plain Node process that only reads and JSON.parses a corpus's files
// Run: node scripts/bench-bare.mjs <root>   (the root holds content/<folder>/<file>.json, as bench-lint generates)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const content = join(process.argv[2] ?? ".", "content");
let files = 0;
for (const folder of readdirSync(content)) {
  for (const file of readdirSync(join(content, folder))) {
    files++;
    try {
      JSON.parse(readFileSync(join(content, folder, file), "utf8"));
    } catch {
      // seeded syntax errors
    }
  }
}
process.stdout.write(`${files}\n`);
