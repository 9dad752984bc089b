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

/** Serves `dist` and opens Chromium for `print(context, url)`; both are closed however it ends. */
export async function withServedSite<T>(
  dist: string,
  print: (context: BrowserContext, url: string) => Promise<T>,
  prefix = "momenta-print-",
): Promise<T> {
  const server = await serveStatic(dist);
  try {
    const browser = await launchChromium({}, prefix);
    try {
      return await print(browser.context, server.url);
    } finally {
      await browser.close();
    }
  } finally {
    await server.close();
  }
}
