// axeViolations: the in-page run finds what axe's default mode finds, frames or not
import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, expect, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { type Chromium, launchChromium } from "./chromium.ts";

// an image without text, a button without a name, grey on white, a duplicate landmark and a list item outside a list
const BROKEN = `<!doctype html><html lang="en"><head><title>t</title></head><body><main>
  <h1>Broken</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" id="picture">
  <button id="nameless"></button><p style="color:#ccc;background:#fff">faint</p>
  <li>stray</li></main><main>second</main></body></html>`;

let browser: Chromium;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

it("reports the same rules and nodes as axe's default mode on a page with no frames", async () => {
  const page = await browser.context.newPage();
  await page.setContent(BROKEN);
  const ours = await axeViolations(page);
  const theirs = (await new AxeBuilder({ page }).analyze()).violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
  }));
  expect(ours.map((violation) => violation.id)).toEqual(
    expect.arrayContaining([
      "button-name",
      "color-contrast",
      "image-alt",
      "landmark-no-duplicate-main",
      "listitem",
    ]),
  );
  expect(ours).toEqual(theirs);
  // include narrows it to one part of the page
  expect(await axeViolations(page, "#nameless")).toEqual([{ id: "button-name", nodes: ["#nameless"] }]);
  await page.close();
}, 120_000);

it("audits a page's frames too", async () => {
  const page = await browser.context.newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>Framed</h1>
    <iframe title="inner" srcdoc='<!doctype html><html lang="en"><title>i</title><img src="x.png"></html>'></iframe>
    </main></body></html>`);
  await expect.poll(() => page.frames().length).toBe(2);
  expect((await axeViolations(page)).map((violation) => violation.id)).toContain("image-alt");
  await page.close();
}, 120_000);
