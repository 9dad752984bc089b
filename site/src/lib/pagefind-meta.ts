// Reads the index chunks Pagefind's metadata file lists (its CBOR after the `pagefind_dcd` signature), so the idle
// page can have Pagefind load all of them: Pagefind's API loads a chunk only for a word of a query. Imports nothing:
// it ships in the search chunk every page may load, where a general CBOR library would outweigh this 40-line subset
/** One of Pagefind's index chunks: the words from `from` to `to` (sorted), in `index/<hash>.pf_index`. */
export interface IndexChunk {
  from: string;
  to: string;
  hash: string;
}

const SIGNATURE = "pagefind_dcd";

/**
 * Pagefind's metadata: `[version, pages, index chunks [from, to, hash], filters, sorts, …]` (pagefind_core_search's
 * metadata decoder). Only the CBOR that file uses is read (unsigned ints, text, bytes, arrays, maps); anything else
 * throws, and the caller does without the chunks.
 */
export function indexChunks(meta: Uint8Array): IndexChunk[] {
  const text = new TextDecoder();
  if (text.decode(meta.subarray(0, SIGNATURE.length)) !== SIGNATURE)
    throw new Error("not Pagefind metadata (no signature)");
  let at = SIGNATURE.length;
  const byte = () => {
    const value = meta[at++];
    if (value === undefined) throw new Error("Pagefind metadata ends early");
    return value;
  };
  const item = (): unknown => {
    const head = byte();
    const major = head >> 5;
    let length = head & 31;
    if (length > 27) throw new Error(`unsupported CBOR item ${head}`);
    if (length >= 24) {
      const size = 2 ** (length - 24);
      length = 0;
      for (let i = 0; i < size; i++) length = length * 256 + byte();
    }
    if (major === 0) return length;
    if (major === 2 || major === 3) {
      const bytes = meta.subarray(at, at + length);
      at += length;
      return major === 3 ? text.decode(bytes) : bytes;
    }
    if (major === 4) return Array.from({ length }, item);
    if (major === 5) {
      for (let i = 0; i < length * 2; i++) item();
      return undefined;
    }
    throw new Error(`unsupported CBOR major type ${major}`);
  };
  const [, , chunks] = item() as unknown[];
  if (!Array.isArray(chunks)) throw new Error("Pagefind metadata lists no index chunks");
  return chunks.map((chunk) => {
    const [from, to, hash] = chunk as unknown[];
    if (typeof from !== "string" || typeof to !== "string" || typeof hash !== "string")
      throw new Error("an index chunk is not [from, to, hash]");
    return { from, to, hash };
  });
}

/** The metadata file's bytes as Pagefind reads them: gzipped unless the server already decoded them. */
export async function decompressMeta(bytes: Uint8Array): Promise<Uint8Array> {
  if (new TextDecoder().decode(bytes.subarray(0, SIGNATURE.length)) === SIGNATURE) return bytes;
  const stream = new Blob([new Uint8Array(bytes)]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
