// Screenshots the browser tests save for review (test-results/screenshots/): where they go, and one capture that a stalled browser cannot fail
import { mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { errors, type Page } from "playwright-core";
import { REPO_DIR } from "./build.ts";

/** Where every review screenshot is written, under a name the test gives (`reader/mira-sheet-390`). */
export const SCREENSHOTS_DIR = join(REPO_DIR, "test-results/screenshots");

export interface ScreenshotOptions {
  /** The whole scrolling page, not only the viewport. */
  fullPage?: boolean;
  /** How long one capture may take before it is tried again (default 30 s). */
  attemptTimeoutMs?: number;
  /** Captures tried before the last one's error is thrown (default 3). */
  attempts?: number;
}

/** The page as the screenshot sees it: what `saveScreenshot` calls, so a test can stand in for a stalled browser. */
export type ScreenshotPage = Pick<Page, "screenshot" | "bringToFront">;

/**
 * Saves `page` as `<SCREENSHOTS_DIR>/<name>.png` and returns the file's path.
 *
 * A screenshot is taken for a person to look at, not checked, so a test must not fail because Chromium once left a
 * capture unanswered: stop 43's CI lost a passing test to a full-page `page.screenshot` that waited 90 s after the
 * page's fonts had loaded (Chromium 156, playwright-core 1.65). A capture that times out is tried again, after the
 * page is brought to the front (in case the browser took it for a hidden tab, which paints no frame; unconfirmed, as
 * the stall has not been reproduced); any other error, and the last timeout, are thrown.
 */
export async function saveScreenshot(
  page: ScreenshotPage,
  name: string,
  { fullPage = false, attemptTimeoutMs = 30_000, attempts = 3 }: ScreenshotOptions = {},
): Promise<string> {
  const path = join(SCREENSHOTS_DIR, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path, fullPage, timeout: attemptTimeoutMs });
      return path;
    } catch (error) {
      if (!(error instanceof errors.TimeoutError) || attempt >= attempts) throw error;
      // said on stderr so a run's log shows how often the browser stalls
      console.warn(
        `screenshot ${name}: capture ${attempt} of ${attempts} timed out after ${attemptTimeoutMs} ms, trying again`,
      );
      await page.bringToFront();
    }
  }
}
