// The tests' static server: files as built, the site's 404 page for unknown paths, gzip only when asked and accepted
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { serveStatic } from "./server.ts";

const root = mkdtempSync(join(tmpdir(), "momenta-static-"));
mkdirSync(join(root, "weapon"));
writeFileSync(join(root, "weapon/index.html"), "<h1>Weapons</h1>");
writeFileSync(join(root, "404.html"), "<h1>Page not found</h1>");
afterAll(() => rmSync(root, { recursive: true, force: true }));

function fetchRaw(url: string, gzip: boolean) {
  return new Promise<{ status: number; encoding: string | undefined; body: Buffer }>((resolve, reject) => {
    get(url, { headers: gzip ? { "accept-encoding": "gzip" } : {} }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          encoding: response.headers["content-encoding"],
          body: Buffer.concat(chunks),
        }),
      );
    }).on("error", reject);
  });
}

describe("serveStatic", () => {
  it("serves files as built, and the 404 page with status 404", async () => {
    const server = await serveStatic(root);
    try {
      const page = await fetchRaw(`${server.url}/weapon/`, true);
      expect([page.status, page.encoding, page.body.toString()]).toEqual([
        200,
        undefined,
        "<h1>Weapons</h1>",
      ]);
      const missing = await fetchRaw(`${server.url}/nowhere/`, false);
      expect([missing.status, missing.body.toString()]).toEqual([404, "<h1>Page not found</h1>"]);
    } finally {
      await server.close();
    }
  });

  it("with gzip, compresses text for a browser that accepts it, and only then", async () => {
    const server = await serveStatic(root, { gzip: true });
    try {
      const zipped = await fetchRaw(`${server.url}/weapon/`, true);
      expect([zipped.status, zipped.encoding, gunzipSync(zipped.body).toString()]).toEqual([
        200,
        "gzip",
        "<h1>Weapons</h1>",
      ]);
      const plain = await fetchRaw(`${server.url}/weapon/`, false);
      expect([plain.encoding, plain.body.toString()]).toEqual([undefined, "<h1>Weapons</h1>"]);
    } finally {
      await server.close();
    }
  });
});
