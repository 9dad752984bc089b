// Debian's chromium as every browser test and print script launches it: the path and the flags from ../shared/toolchain.md, stated once
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type LaunchOptions } from "playwright-core";
import { WAIT_TIMEOUT_MS } from "../../../test/support/timeouts.ts";

/** Debian's chromium package, driven by playwright-core. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Headless, sandbox-free and with no background traffic, so tests on a shared machine stay quiet and offline-safe. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** How long an action or wait may take before it fails: a guard against a hang, not a measure of speed. */
export const ACTION_TIMEOUT_MS = WAIT_TIMEOUT_MS;

/** What a persistent context may set besides the browser itself (viewport, JavaScript, …). */
export type ContextOptions = Omit<
  NonNullable<Parameters<typeof chromium.launchPersistentContext>[1]>,
  keyof LaunchOptions
>;

export interface Chromium {
  context: BrowserContext;
  /** Closes the browser and removes its profile folder. */
  close(): Promise<void>;
}

/** Chromium on a fresh profile in a temp folder (no state shared with another run), removed again by `close()`. */
export async function launchChromium(
  options: ContextOptions = {},
  prefix = "momenta-chromium-",
): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), prefix));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      ...options,
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
    // Playwright's 30 s per action was a speed check in disguise: on a loaded 2-core run a page's idle callback
    // (where Starlight builds the search box) came later than that and a correct page failed. A bound still stops
    // a hang, inside vitest's own test timeouts
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    return {
      context,
      close: async () => {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
