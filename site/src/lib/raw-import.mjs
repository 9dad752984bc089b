// Node module hook: `import text from "./file?raw"` gives the file's text, as Vite does (Starlight's config imports two themes so)

/** Loads a `file:` URL with a `raw` query as a module whose default export is the file's text. */
export async function load(url, context, nextLoad) {
  const file = url.startsWith("file:") ? new URL(url) : undefined;
  if (!file?.searchParams.has("raw")) return nextLoad(url, context);
  file.search = "";
  const { readFile } = await import("node:fs/promises");
  const text = await readFile(file, "utf8");
  return { format: "module", source: `export default ${JSON.stringify(text)};`, shortCircuit: true };
}
