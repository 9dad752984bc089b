// saveScreenshot: a capture that times out is tried again, any other failure and the last timeout are the test's
import { readFileSync, rmSync } from "node:fs";
import { errors } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Chromium, launchChromium } from "./chromium.ts";
import { SCREENSHOTS_DIR, type ScreenshotPage, saveScreenshot } from "./screenshots.ts";

/** A page whose captures answer in turn: a stalled one (timeout), a broken one (another error) or a good one. */
function scripted(...outcomes: ("timeout" | "broken" | "ok")[]) {
  const screenshot = vi.fn(async () => {
    const outcome = outcomes.shift();
    if (outcome === "timeout") throw new errors.TimeoutError("page.screenshot: Timeout 30000ms exceeded.");
    if (outcome === "broken") throw new Error("Target page, context or browser has been closed");
    return Buffer.from("");
  });
  const bringToFront = vi.fn(async () => {});
  return { page: { screenshot, bringToFront } as unknown as ScreenshotPage, screenshot, bringToFront };
}

describe("saveScreenshot", () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  afterAll(() => warn.mockRestore());

  it("tries a stalled capture again, after bringing the page to the front", async () => {
    const { page, screenshot, bringToFront } = scripted("timeout", "timeout", "ok");
    const path = await saveScreenshot(page, "test/scripted", { fullPage: true, attemptTimeoutMs: 5 });
    expect(path).toBe(`${SCREENSHOTS_DIR}/test/scripted.png`);
    expect(screenshot).toHaveBeenCalledTimes(3);
    expect(screenshot).toHaveBeenLastCalledWith({ path, fullPage: true, timeout: 5 });
    expect(bringToFront).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenLastCalledWith(
      "screenshot test/scripted: capture 2 of 3 timed out after 5 ms, trying again",
    );
  });

  it("throws the last timeout once every attempt has stalled", async () => {
    const { page, screenshot } = scripted("timeout", "timeout", "ok");
    await expect(saveScreenshot(page, "test/scripted", { attempts: 2 })).rejects.toBeInstanceOf(
      errors.TimeoutError,
    );
    expect(screenshot).toHaveBeenCalledTimes(2);
  });

  it("throws any other error at once", async () => {
    const { page, screenshot } = scripted("broken", "ok");
    await expect(saveScreenshot(page, "test/scripted")).rejects.toThrow("has been closed");
    expect(screenshot).toHaveBeenCalledTimes(1);
  });
});

describe("saveScreenshot in Chromium", () => {
  let browser: Chromium;
  beforeAll(async () => {
    browser = await launchChromium({ viewport: { width: 390, height: 300 } });
  });
  afterAll(() => browser?.close());

  it("writes the whole page as a PNG under the name's folder", async () => {
    const page = await browser.context.newPage();
    await page.setContent('<!doctype html><title>t</title><div style="height:2000px">tall</div>');
    const path = await saveScreenshot(page, "test/tall", { fullPage: true });
    const png = readFileSync(path);
    rmSync(path);
    // a PNG's IHDR holds its height at bytes 20–23: the whole page, not the 300 px viewport
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(2000);
    await page.close();
  });
});
