// The benchmarks' synthetic corpus (27,000 entries at 5etools scale, 250k references, seeded errors) and where to find it
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { BenchArgsError } from "./bench-args.ts";

const REPO = resolve(import.meta.dirname, "..");
/** The corpus the figures in the closing notes were measured on. */
export const BENCH_ENTRIES = 27_000;
/** Bump when the generator writes different files, so a cached corpus of the old shape is not reused. */
const GENERATOR_VERSION = 1;

/** What a generated corpus holds. */
export interface CorpusStats {
  entries: number;
  references: number;
  seededErrors: number;
  bytes: number;
}

const SYLLABLES = [
  "ka",
  "lo",
  "mi",
  "nu",
  "ra",
  "se",
  "ti",
  "vo",
  "ze",
  "qu",
  "an",
  "el",
  "ir",
  "or",
  "ul",
  "by",
  "da",
  "fe",
  "gi",
  "ho",
];

/** A unique pronounceable name per index; never ends in a digit (a trailing number would read as a count). */
function nameOf(index: number, prefix: string): string {
  let n = index;
  let word = "";
  do {
    word += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  } while (n > 0);
  return `${prefix}${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

const slug = (name: string) => name.toLowerCase();

/** Deterministic pseudo-random numbers, so every run lints the same corpus. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * Writes the synthetic corpus of `totalEntries` entries into `<root>/content` (the same files for the same count:
 * the names and the pseudo-random numbers are seeded); `progress(written)` is called every 1,000 files.
 */
export function generateCorpus(
  root: string,
  totalEntries: number,
  progress?: (written: number) => void,
): CorpusStats {
  const content = join(root, "content");
  const rand = random(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const counts = {
    conditions: Math.max(20, Math.round(totalEntries * 0.02)),
    damageTypes: 30,
    tags: 60,
  };
  const rest = totalEntries - counts.conditions - counts.damageTypes - counts.tags;
  const weapons = Math.round(rest * 0.35);
  const glossary = Math.round(rest * 0.3);
  const maneuvers = rest - weapons - glossary;
  const conditionNames = Array.from({ length: counts.conditions }, (_, i) => nameOf(i, "Cond"));
  const damageNames = Array.from({ length: counts.damageTypes }, (_, i) => nameOf(i, "Dmg"));
  const tagNames = Array.from({ length: counts.tags }, (_, i) => nameOf(i, "Tag"));
  const weaponNames = Array.from({ length: weapons }, (_, i) => nameOf(i, "Wpn"));
  const maneuverNames = Array.from({ length: maneuvers }, (_, i) => nameOf(i, "Man"));
  const referable = [...conditionNames, ...damageNames, ...weaponNames, ...maneuverNames];
  let references = 0;
  let seededErrors = 0;
  let bytes = 0;
  let written = 0;

  const write = (folder: string, file: string, data: unknown, corrupt = false) => {
    let text = `${JSON.stringify(data, null, 2)}\n`;
    if (corrupt) text = text.slice(0, Math.floor(text.length / 2));
    mkdirSync(join(content, folder), { recursive: true });
    writeFileSync(join(content, folder, `${file}.json`), text);
    bytes += text.length;
    written++;
    if (written % 1000 === 0) progress?.(written);
  };
  /** Prose with `n` references; every ~900th reference is a seeded typo, every ~1500th an over-cap stack. */
  const prose = (n: number) => {
    const parts: string[] = [];
    for (let i = 0; i < n; i++) {
      references++;
      const roll = rand();
      if (roll < 0.0011) {
        seededErrors++;
        parts.push(`see [[${pick(referable)}x]]`);
      } else if (roll < 0.0018) {
        seededErrors++;
        parts.push(`then [[${pick(conditionNames)} 9]]`);
      } else if (roll < 0.25) {
        parts.push(`then [[${pick(conditionNames)} ${1 + Math.floor(rand() * 3)}]]`);
      } else parts.push(`see [[${pick(referable)}]]`);
    }
    return `Synthetic text ${parts.join(", ")}.`;
  };
  const source = { book: "core-rules", chapter: "22" };
  conditionNames.forEach((name) => {
    write("conditions", slug(name), {
      id: `condition/${slug(name)}`,
      name,
      source,
      status: "complete",
      stackable: { max: 3 },
      clear: { type: "roll-to-clear", attributes: ["POW", "AGI"] },
      effect: prose(8),
    });
  });
  damageNames.forEach((name) => {
    write("damage-types", slug(name), {
      id: `damage-type/${slug(name)}`,
      name,
      source,
      status: "complete",
      definition: prose(4),
    });
  });
  tagNames.forEach((name, i) => {
    write("tags", slug(name), {
      id: `tag/${slug(name)}`,
      name,
      source,
      status: "complete",
      parameter: i % 3 === 0 ? "number" : "none",
      definition: prose(4),
    });
  });
  weaponNames.forEach((name, i) => {
    const seeded = i % 97 === 0;
    if (seeded) seededErrors++;
    const numberTag = tagNames[0] as string;
    write(
      "weapons",
      slug(name),
      {
        id: `weapon/${slug(name)}`,
        name,
        source: { book: "equipment", section: "Synthetic" },
        status: "complete",
        weightClass: seeded ? "Medum" : pick(["Light", "Medium", "Heavy", "Superheavy"]),
        attributes: ["POW"],
        damageTypes: [`${pick(damageNames)}/${pick(damageNames)}`],
        tags: [`${numberTag} ${1 + (i % 5)}`, pick(tagNames.filter((_, t) => t % 3 !== 0))],
        effect: { "0s": "1 damage", "1s": "4 damage", "2s": "8 damage", "3+": "12 damage" },
        damage: { "0s": 1, "1s": 4, "2s": 8, "3+": 12 },
        special: prose(10),
      },
      i % 503 === 1,
    );
    if (i % 503 === 1) seededErrors++;
  });
  for (let i = 0; i < glossary; i++) {
    const name = nameOf(i, "Term");
    write("glossary", slug(name), {
      id: `glossary/${slug(name)}`,
      name,
      source: { book: "core-rules", chapter: "B" },
      status: "complete",
      definition: prose(9),
      chapter: { number: "22", title: "Conditions and States" },
    });
  }
  maneuverNames.forEach((name) => {
    write("maneuvers", slug(name), {
      id: `maneuver/${slug(name)}`,
      name,
      source: { book: "core-rules", chapter: "19" },
      status: "complete",
      cost: { vigor: 1 },
      effect: prose(10),
    });
  });
  return { entries: written, references, seededErrors, bytes };
}

/**
 * The corpus a benchmark runs on: `explicit` (a --corpus option), else $BENCH_CORPUS, else the generated corpus
 * cached under node_modules/.cache/momenta (or $MOMENTA_CACHE_DIR), written on first use with progress on stderr.
 * Any folder holding `content/` will do; a fresh clone needs nothing but this script.
 */
export function benchCorpus(
  explicit?: string,
  options: { entries?: number; cacheDir?: string; log?: (line: string) => void } = {},
): string {
  const chosen = explicit ?? process.env.BENCH_CORPUS;
  if (chosen) {
    const root = resolve(chosen);
    // a usage error: the help line says to point at a folder holding content/ or leave the option out
    if (!existsSync(join(root, "content"))) throw new BenchArgsError(`no \`content/\` folder in ${root}`);
    return root;
  }
  const entries = options.entries ?? BENCH_ENTRIES;
  const cacheDir =
    options.cacheDir ?? process.env.MOMENTA_CACHE_DIR ?? join(REPO, "node_modules/.cache/momenta");
  const root = join(cacheDir, `bench-corpus-${entries}-v${GENERATOR_VERSION}`);
  // the marker is written last: a folder without it is an interrupted generation, made again
  const done = join(root, ".complete");
  if (existsSync(done)) return root;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const staging = `${root}.tmp-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  log(
    `generating the benchmark corpus (${entries.toLocaleString("en")} entries) into ${root} (once; later runs reuse it)`,
  );
  const started = performance.now();
  const tenth = Math.max(1000, Math.ceil(entries / 10 / 1000) * 1000);
  try {
    const stats = generateCorpus(staging, entries, (written) => {
      if (written % tenth === 0)
        log(`  ${written.toLocaleString("en")} of ${entries.toLocaleString("en")} files`);
    });
    writeFileSync(join(staging, ".complete"), `${JSON.stringify(stats)}\n`);
    rmSync(root, { recursive: true, force: true });
    renameSync(staging, root);
    log(
      `  done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${stats.references.toLocaleString("en")} references, ${stats.seededErrors} seeded errors`,
    );
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  return root;
}
