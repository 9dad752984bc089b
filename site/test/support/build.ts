// Builds site/dist once for all site tests (reused while newer than every input), with a lock across workers
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { packsDigest, packsOf, readBuildRecord } from "../../src/lib/build-record.ts";

export const SITE_DIR = resolve(import.meta.dirname, "../..");
export const REPO_DIR = resolve(SITE_DIR, "..");
export const DIST_DIR = join(SITE_DIR, "dist");
/** The public address test builds are made for (SITE_URL): canonical links and the sitemap use it. */
export const TEST_SITE_URL = "https://rules.example.org/";
const LOCK_DIR = join(SITE_DIR, ".astro-test-build.lock");
const INPUTS = [
  "site/src",
  "site/astro.config.mjs",
  "content",
  "packages/schema/src",
  "packages/rules/src",
  "packages/content/src",
  "packages/lint/src",
  "packages/export/src",
  "packages/render/src",
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

export function distIsFresh(): boolean {
  const marker = join(DIST_DIR, "index.html");
  if (!existsSync(marker) || !existsSync(join(DIST_DIR, "pagefind"))) return false;
  const home = readFileSync(marker, "utf8");
  // a dev-mode build (see buildEnvironment) is never reused
  if (home.includes("only available in production builds")) return false;
  // nor one made for another address (`npm run build:site` has no SITE_URL): its canonical links are not the tests'
  if (!home.includes(`<link rel="canonical" href="${TEST_SITE_URL}"`)) return false;
  // a build with other homebrew packs (MOMENTA_PACKS) than this process's is another site, however new
  const record = readBuildRecord(DIST_DIR);
  if (record?.packs !== packsDigest(packsOf(process.env.MOMENTA_PACKS, REPO_DIR))) return false;
  const built = statSync(marker).mtimeMs;
  return INPUTS.every((input) => newestMtime(join(REPO_DIR, input)) <= built);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * The environment for a production build from inside vitest: vitest sets NODE_ENV=test and DEV=1, PROD, SSR,
 * which Astro would read as `import.meta.env.DEV` and build dev-mode pages (no search).
 */
export function buildEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(DEV|PROD|SSR|MODE|BASE_URL|TEST|NODE_ENV)$|^VITEST/.test(key)) continue;
    env[key] = value;
  }
  return { ...env, NODE_ENV: "production", ASTRO_TELEMETRY_DISABLED: "1" };
}

/**
 * Runs `work` holding the site's build lock, so builds (which rewrite site/.astro) and readers of the generated
 * content types never overlap across vitest workers; `ready` lets a waiter return early once its need is met.
 */
export function withBuildLock(work: () => void, ready: () => boolean = () => false): void {
  const release = acquireBuildLock(ready);
  if (!release) return;
  try {
    work();
  } finally {
    release();
  }
}

/** The pid written into the lock by its holder; undefined while the holder has not written it yet. */
function lockHolder(): number | undefined {
  try {
    return Number(readFileSync(join(LOCK_DIR, "pid"), "utf8")) || undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the build lock (for async holders such as a dev server); undefined when `ready` held while waiting.
 * A waiter waits for as long as the holder's process lives, however slow a loaded machine makes its build (a
 * fixed deadline failed waiters behind a build that took longer than it); a lock whose holder died is taken over.
 */
export function acquireBuildLock(ready: () => boolean = () => false): (() => void) | undefined {
  // the bound for a holder that lives but never lets go (a hung build): far beyond any build on a busy machine
  const deadline = Date.now() + 30 * 60_000;
  let ownerless = 0;
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      writeFileSync(join(LOCK_DIR, "pid"), String(process.pid));
      return () => rmSync(LOCK_DIR, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder();
      // a lock without a pid for a few seconds is one whose holder died between mkdir and writing it
      ownerless = holder === undefined ? ownerless + 1 : 0;
      if ((holder !== undefined && !isAlive(holder)) || ownerless > 10)
        rmSync(LOCK_DIR, { recursive: true, force: true });
      if (Date.now() > deadline)
        throw new Error(`the site build lock is still held by process ${holder} after 30 minutes`);
      sleep(500);
      if (ready()) return undefined;
    }
  }
}

/** Build the site unless a fresh dist/ exists; concurrent callers wait for the one that builds. */
export function ensureSiteBuilt(): void {
  if (distIsFresh()) return;
  withBuildLock(() => {
    if (distIsFresh()) return;
    const staging = join(SITE_DIR, `.dist-build-${process.pid}`);
    rmSync(staging, { recursive: true, force: true });
    const result = spawnSync("npx", ["astro", "build"], {
      cwd: SITE_DIR,
      encoding: "utf8",
      env: { ...buildEnvironment(), MOMENTA_SITE_OUT_DIR: staging, SITE_URL: TEST_SITE_URL },
    });
    if (result.status !== 0) {
      rmSync(staging, { recursive: true, force: true });
      throw new Error(
        `astro build failed (${result.status}):\n${result.stdout}\n${result.stderr}`.slice(-6000),
      );
    }
    // swap the finished build in: dist/ is only missing for the instant between two renames
    const old = join(SITE_DIR, `.dist-old-${process.pid}`);
    if (existsSync(DIST_DIR)) renameSync(DIST_DIR, old);
    renameSync(staging, DIST_DIR);
    rmSync(old, { recursive: true, force: true });
  }, distIsFresh);
}
