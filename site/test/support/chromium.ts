// Debian's chromium as every browser test and print script launches it: the path and the flags from ../shared/toolchain.md, stated once
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type LaunchOptions } from "playwright-core";

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
