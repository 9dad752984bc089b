import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { serveStatic } from "./test/support/server.ts";

const server = await serveStatic(process.env.SHOT_DIST ?? join(import.meta.dirname, "dist"));
const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "shot-")), {
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const tag = process.argv[2] ?? "x";
for (const path of (process.argv[3] ?? "/chapter/what-is-momenta/,/chapter/attacking/").split(",")) {
  for (const width of [1366, 390]) {
    const page = await ctx.newPage();
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${server.url}${path}`);
    const name = `${tag}-${path.replace(/\W+/g, "_")}-${width}`;
    await page.screenshot({ path: `/tmp/shots/${name}.png` });
    const refs = await page.locator(".sl-markdown-content a.ref").count();
    const raw = (await page.locator(".sl-markdown-content").innerText()).match(/\[\[|\]\]/g)?.length ?? 0;
    console.log(name, "ref links", refs, "raw markup", raw);
    await page.close();
  }
}
await ctx.close();
await server.close();
