// What a reader downloads and where pages say they live: no schema code in any script, canonical links and the
// sitemap from SITE_URL (never a loopback address)
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { siteUrlFrom } from "../src/lib/site-url.ts";
import { DIST_DIR, ensureSiteBuilt, TEST_SITE_URL } from "./support/build.ts";

function files(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) files(path, out);
    else out.push(path);
  }
  return out;
}

describe("SITE_URL", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["https://rules.example.org", "https://rules.example.org/"],
    ["https://example.org/momenta", "https://example.org/momenta/"],
    ["http://rules.example.org/book/?x=1#top", "http://rules.example.org/book/"],
  ])("%j is read as %j", (value, url) => {
    expect(siteUrlFrom(value)).toEqual({ url });
  });

  it.each([
    ["http://127.0.0.1:4321", "is a loopback address"],
    ["http://localhost:4321/", "is a loopback address"],
    ["rules.example.org", "is not an absolute URL"],
    ["ftp://rules.example.org/", "is not an http(s) URL"],
  ])("%j is refused: %s", (value, reason) => {
    const read = siteUrlFrom(value);
    const [message, help] = ("error" in read ? read.error : "").split("\n");
    expect(message).toBe(
      `error: SITE_URL \`${value}\` ${reason}${reason.includes("loopback") ? ", which no reader can open" : ""}`,
    );
    expect(help).toMatch(/^help: /);
  });
});

describe("the built site", () => {
  let all: string[];
  beforeAll(() => {
    ensureSiteBuilt();
    all = files(DIST_DIR);
  });

  it("ships no schema code: no script contains zod", () => {
    const scripts = all.filter((file) => file.endsWith(".js") && file.includes("_astro"));
    expect(scripts.length).toBeGreaterThan(2);
    const withZod = scripts.filter((file) => /ZodError|invalid_type/.test(readFileSync(file, "utf8")));
    expect(withZod.map((file) => relative(DIST_DIR, file))).toEqual([]);
  });

  it("names no loopback address in any page, feed or sitemap", () => {
    const text = all.filter((file) => /\.(html|xml|json|webmanifest|txt)$/.test(file));
    const loopback = text.filter((file) => /127\.0\.0\.1|localhost:\d/.test(readFileSync(file, "utf8")));
    expect(loopback.map((file) => relative(DIST_DIR, file))).toEqual([]);
  });

  it("gives each page its canonical URL under SITE_URL", () => {
    for (const path of ["", "condition/hindered/", "chapter/conditions-and-states/", "weapon/"]) {
      const html = readFileSync(join(DIST_DIR, path, "index.html"), "utf8");
      expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1], path).toBe(`${TEST_SITE_URL}${path}`);
    }
  });

  it("lists every page in the sitemap, under SITE_URL", () => {
    expect(existsSync(join(DIST_DIR, "sitemap-index.xml"))).toBe(true);
    const sitemaps = all.filter((file) => /sitemap-\d+\.xml$/.test(file));
    const urls = sitemaps.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? ""),
    );
    expect(urls).toContain(`${TEST_SITE_URL}condition/hindered/`);
    expect(urls).toContain(`${TEST_SITE_URL}chapter/conditions-and-states/`);
    expect(urls.filter((url) => !url.startsWith(TEST_SITE_URL))).toEqual([]);
  });
});
