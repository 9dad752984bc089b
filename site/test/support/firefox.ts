// Debian's firefox-esr driven over WebDriver BiDi by puppeteer-core: the second engine the reader's tests run in
import puppeteer, { type Browser, type Page, ProtocolError } from "puppeteer-core";
import { ACTION_TIMEOUT_MS } from "./chromium.ts";
import { type StaticServer, serveStatic } from "./server.ts";

/** Debian's firefox-esr package (scripts/run.mjs installs it when missing). */
export const FIREFOX_PATH = "/usr/bin/firefox-esr";

export interface Viewport {
  width: number;
  height: number;
}

/** How long a touch may last and still be a tap: beyond any stall between the two halves of `tap()`. */
const TAP_MAX_MS = 60_000;

/** Firefox on a fresh profile puppeteer makes in a temp folder and removes again on `close()`. */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: "firefox",
    protocol: "webDriverBiDi",
    executablePath: FIREFOX_PATH,
    headless: true,
    // each page sets its own viewport (setViewport below); puppeteer's default would set 800 × 600 on every tab
    defaultViewport: null,
    extraPrefsFirefox: {
      // no traffic of Firefox's own on a closed network: puppeteer's defaults leave its checks for a captive
      // portal and for connectivity on, each a request to detectportal.firefox.com
      "network.captive-portal-service.enabled": false,
      "network.connectivity-service.enabled": false,
      // a tap is two BiDi commands (touch down, then up) and Firefox takes a touch held over 300 ms for a press, not
      // a tap, and sends no click: a loaded machine (a busy page or harness between the two) lost taps that way
      "apz.max_tap_time": TAP_MAX_MS,
    },
  });
}

/**
 * Sets the page's viewport. Puppeteer 24 sends a screen orientation override with it, a BiDi command Firefox ESR
 * 140 does not know: that one refusal is let through, and the viewport itself (a command it does know, sent beside
 * it) is waited for until the page reports the size. Touch needs no emulation: puppeteer's touchscreen sends BiDi
 * touch pointer actions, which Firefox delivers as `pointerType: "touch"` events.
 */
export async function setViewport(page: Page, viewport: Viewport): Promise<void> {
  try {
    await page.setViewport(viewport);
  } catch (error) {
    const refused =
      error instanceof ProtocolError &&
      /unknown command emulation\.setScreenOrientationOverride/.test(error.message);
    if (!refused) throw error;
  }
  await page.waitForFunction(
    (width, height) => window.innerWidth === width && window.innerHeight === height,
    {},
    viewport.width,
    viewport.height,
  );
}

/** A built site served on 127.0.0.1 and one Firefox to read it with. */
export interface FirefoxSite {
  url: string;
  browser: Browser;
  /** Opens `path` in a new tab at `viewport`; fails unless the status is 200. */
  open(path: string, viewport: Viewport): Promise<Page>;
  close(): Promise<void>;
}

export async function browseSiteInFirefox(dist: string): Promise<FirefoxSite> {
  const server: StaticServer = await serveStatic(dist);
  let browser: Browser;
  try {
    browser = await launchFirefox();
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    url: server.url,
    browser,
    async open(path, viewport) {
      const page = await browser.newPage();
      // as Chromium's: a bound against a hang, not puppeteer's 30 s that a loaded machine can exceed
      page.setDefaultTimeout(ACTION_TIMEOUT_MS);
      await setViewport(page, viewport);
      const response = await page.goto(`${server.url}${path}`, { waitUntil: "load" });
      if (response?.status() !== 200)
        throw new Error(`${path}: status ${response?.status() ?? "none"}, expected 200`);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
