// launchChromium: Debian's chromium headless on a fresh temp profile, which close() removes
import { readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { expect, it } from "vitest";
import { launchChromium } from "./chromium.ts";

it("runs Debian's chromium headless on its own temp profile and removes the profile on close", async () => {
  const prefix = `momenta-chromium-test-${process.pid}-`;
  const profiles = () => readdirSync(tmpdir()).filter((name) => name.startsWith(prefix));
  const browser = await launchChromium({ javaScriptEnabled: true }, prefix);
  try {
    expect(profiles()).toHaveLength(1);
    const page = await browser.context.newPage();
    await page.setContent("<p>momenta</p>");
    expect(await page.evaluate(() => [navigator.webdriver, document.body.textContent])).toEqual([
      true,
      "momenta",
    ]);
    expect(await page.evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome/);
  } finally {
    await browser.close();
  }
  expect(profiles()).toEqual([]);
}, 60_000);
