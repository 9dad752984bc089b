// The print scripts end on a page that never finishes: a clear error once the deadline passes, Chromium closed (issue 24)
// a site test: printBook drives Chromium (launchChromium, through withServedSite)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { printBook } from "./pdf.ts";
import { PrintTimeout, printTimeoutMs } from "./print-site.ts";

const dist = mkdtempSync(join(tmpdir(), "momenta-spin-"));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("printing a page that never yields", () => {
  it("stops at the deadline with a PrintTimeout instead of hanging", async () => {
    mkdirSync(join(dist, "print/book"), { recursive: true });
    // a script that holds the page's only thread after load: evaluate() and pdf() would wait for it forever
    writeFileSync(
      join(dist, "print/book/index.html"),
      "<!doctype html><title>spin</title><section class=book-part id=a><h1>A</h1></section>" +
        "<script>addEventListener('load', () => setTimeout(() => { for (;;) {} }, 0))</script>",
    );
    const started = Date.now();
    const error = await printBook(dist, 5_000).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PrintTimeout);
    expect((error as Error).message).toBe(
      "the print page did not finish within 5 s (a script that never yields, or a page that never loads)",
    );
    // the deadline, then closing Chromium: nowhere near forever
    expect(Date.now() - started).toBeLessThan(120_000);
  }, 180_000);

  it("reads its deadline from MOMENTA_PRINT_TIMEOUT, in seconds, 600 by default", () => {
    expect(printTimeoutMs({})).toBe(600_000);
    expect(printTimeoutMs({ MOMENTA_PRINT_TIMEOUT: "30" })).toBe(30_000);
    expect(printTimeoutMs({ MOMENTA_PRINT_TIMEOUT: "soon" })).toBe(600_000);
  });
});
