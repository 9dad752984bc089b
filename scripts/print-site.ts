// The print scripts' shared frame (`npm run pdf`, `npm run cards`): a fresh site/dist, served on 127.0.0.1, one Chromium
import { spawnSync } from "node:child_process";
import type { BrowserContext } from "playwright-core";
import { DIST_DIR, ensureSiteBuilt, SITE_DIR } from "../site/test/support/build.ts";
import { launchChromium } from "../site/test/support/chromium.ts";
import { serveStatic } from "../site/test/support/server.ts";

/**
 * The built site to print: site/dist rebuilt first when older than its sources (content, site, packages), as the site
 * tests do, or always with `--build`. Exits the process with astro's status when that build fails.
 */
export function builtSite(argv: readonly string[]): string {
  if (!argv.includes("--build")) ensureSiteBuilt();
  else {
    const build = spawnSync("npx", ["astro", "build"], { cwd: SITE_DIR, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  return DIST_DIR;
}

/**
 * How long one print run may take (MOMENTA_PRINT_TIMEOUT, seconds): the book prints three times in about a minute
 * on a quiet machine; a script that never yields held `npm run pdf` forever.
 */
export function printTimeoutMs(env = process.env): number {
  const seconds = Number(env.MOMENTA_PRINT_TIMEOUT ?? 600);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 600_000;
}

/** A print that did not finish in time; its message says so in the project's style. */
export class PrintTimeout extends Error {}

/**
 * Serves `dist` and opens Chromium for `print(context, url)`; both are closed however it ends, also when the print
 * outlasts `timeoutMs` (then a PrintTimeout is thrown and Chromium, whatever its page is doing, is closed).
 */
export async function withServedSite<T>(
  dist: string,
  print: (context: BrowserContext, url: string) => Promise<T>,
  prefix = "momenta-print-",
  timeoutMs = printTimeoutMs(),
): Promise<T> {
  const server = await serveStatic(dist);
  try {
    const browser = await launchChromium({}, prefix);
    let timer: NodeJS.Timeout | undefined;
    try {
      const printing = print(browser.context, server.url);
      // once the deadline wins, closing Chromium rejects the print: that rejection is expected, not unhandled
      printing.catch(() => {});
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new PrintTimeout(
                `the print page did not finish within ${timeoutMs / 1000} s (a script that never yields, or a page that never loads)`,
              ),
            ),
          timeoutMs,
        );
      });
      return await Promise.race([printing, deadline]);
    } finally {
      clearTimeout(timer);
      await browser.close();
    }
  } finally {
    await server.close();
  }
}

/** Runs a print script's main: a PrintTimeout (or any failure) is one `error:` line and a `help:`, exit 1. */
export async function runPrint(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    if (!(error instanceof PrintTimeout)) throw error;
    console.error(`error: ${error.message}`);
    console.error(
      "help: build the site without homebrew packs you do not trust, or give it longer with MOMENTA_PRINT_TIMEOUT=<seconds>",
    );
    process.exitCode = 1;
  }
}
