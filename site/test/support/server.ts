// A static file server for site/dist on 127.0.0.1 (random port), and the server + Chromium pair browser tests share
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { type Chromium, type ContextOptions, launchChromium } from "./chromium.ts";

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".css": "text/css",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".wasm": "application/wasm",
  ".xml": "application/xml",
  ".png": "image/png",
  ".webmanifest": "application/manifest+json",
};

/** Text a static host compresses when the browser accepts gzip. */
const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".svg", ".xml", ".webmanifest"]);

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export interface StaticOptions {
  /** Gzip text as a static host does (bench-search measures bytes on the wire); tests serve it plain. */
  gzip?: boolean;
}

export async function serveStatic(root: string, options: StaticOptions = {}): Promise<StaticServer> {
  const gzipped = new Map<string, Buffer>();
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://127.0.0.1").pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!existsSync(file)) {
      response.writeHead(404, { "content-type": TYPES[".html"] });
      createReadStream(join(root, "404.html")).pipe(response);
      return;
    }
    const extension = extname(file);
    const type = TYPES[extension] ?? "application/octet-stream";
    if (
      options.gzip &&
      COMPRESSIBLE.has(extension) &&
      /gzip/.test(request.headers["accept-encoding"] ?? "")
    ) {
      const body = gzipped.get(file) ?? gzipSync(readFileSync(file), { level: 6 });
      gzipped.set(file, body);
      response
        .writeHead(200, {
          "content-type": type,
          "content-encoding": "gzip",
          "content-length": String(body.length),
        })
        .end(body);
      return;
    }
    response.writeHead(200, { "content-type": type });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // keep-alive connections would hold close() open (and keep serving a browser that should be offline)
        server.closeAllConnections();
      }),
  };
}

/** A built site served on 127.0.0.1 and one Chromium to read it with: what a browser test file shares. */
export interface SiteBrowser {
  url: string;
  context: BrowserContext;
  /** Opens `path` in a new page, after `prepare` (a viewport, an init script); fails unless the status is 200. */
  open(path: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page>;
  /** Closes the browser (removing its profile) and the server. */
  close(): Promise<void>;
}

export async function browseSite(
  dist: string,
  options: ContextOptions = {},
  prefix = "momenta-chromium-",
): Promise<SiteBrowser> {
  const server = await serveStatic(dist);
  let browser: Chromium;
  try {
    browser = await launchChromium(options, prefix);
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    url: server.url,
    context: browser.context,
    async open(path, prepare) {
      const page = await browser.context.newPage();
      await prepare?.(page);
      const response = await page.goto(`${server.url}${path}`, { waitUntil: "load" });
      // thrown, not expect(): the print scripts import this module outside vitest
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
