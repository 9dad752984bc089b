// Pagefind's metadata read for its index chunks: the five chunks of a real build's file, in word order, each found
// by its first word under Pagefind's own rule (from ≤ word ≤ to), and files that are no metadata refused
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decompressMeta, indexChunks } from "../src/lib/pagefind-meta.ts";

// a build's pagefind/pagefind.en_<hash>.pf_meta (Pagefind 1.6.0, 444 pages), gzipped as Pagefind writes it
const FIXTURE = new Uint8Array(
  readFileSync(new URL("fixtures/pagefind/pagefind.en.pf_meta", import.meta.url)),
);

describe("Pagefind's metadata", () => {
  it("lists the index chunks with their word ranges and file hashes", async () => {
    const chunks = indexChunks(await decompressMeta(FIXTURE));
    expect(chunks).toEqual([
      { from: "0", to: "bigger", hash: "en_9270e35" },
      { from: "bigges", to: "flo", hash: "en_184ec29" },
      { from: "flu", to: "no", hash: "en_3fdffd6" },
      { from: "non", to: "stil", hash: "en_96612bc" },
      { from: "stit", to: "\u201d", hash: "en_dd5cf8d" },
    ]);
    // Pagefind asks for the first chunk whose range holds a word: each chunk's first word is in its own range alone
    for (const chunk of chunks)
      expect(chunks.filter((other) => chunk.from >= other.from && chunk.from <= other.to)).toEqual([chunk]);
  });

  it("reads metadata a server sent already decompressed", async () => {
    const plain = await decompressMeta(FIXTURE);
    expect(await decompressMeta(plain)).toBe(plain);
    expect(indexChunks(plain)).toHaveLength(5);
  });

  it("refuses a file that is not Pagefind metadata, and one that ends early", async () => {
    expect(() => indexChunks(new TextEncoder().encode("{}"))).toThrow("not Pagefind metadata");
    const plain = await decompressMeta(FIXTURE);
    expect(() => indexChunks(plain.subarray(0, 200))).toThrow("ends early");
    const other = await decompressMeta(gzipSync("not metadata"));
    expect(() => indexChunks(other)).toThrow("not Pagefind metadata");
  });
});
