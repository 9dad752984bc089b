// `momenta export`: the graph as JSON (stdout or --out), an Obsidian vault or a Foundry VTT module (into a folder)
import { existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import type { CliOptions } from "../cli/args.ts";
import { UsageError } from "../cli/args.ts";
import type { CliIo } from "../cli/io.ts";
import { exportGraph } from "../export.ts";
import { writeFileAtomicSync } from "../fs/atomic-write.ts";
import { pathInsideRoot } from "../lint.ts";
import { loadContentSync } from "../loader/load.ts";
import { foundryModule, writeFoundryPacks } from "./foundry.ts";
import { obsidianVault } from "./obsidian.ts";

/** The site page of an id, as the site links it: exports point readers there for what only the site computes. */
const pageUrl = (id: string) => `/${id}/`;

/** The folder an export writes into: inside the working directory (or absolute), missing or empty. */
function exportFolder(options: CliOptions, io: CliIo): string {
  const [dir, ...rest] = options.paths;
  if (!dir || rest.length > 0)
    throw new UsageError(
      `\`--format ${options.format}\` writes into one folder: \`momenta export --format ${options.format} <dir>\``,
    );
  if (!isAbsolute(dir) && !pathInsideRoot(io.cwd, dir))
    throw new UsageError(`\`${dir}\` must stay inside the working directory`);
  const folder = resolve(io.cwd, dir);
  if (existsSync(folder) && (!statSync(folder).isDirectory() || readdirSync(folder).length > 0))
    throw new UsageError(
      `\`${dir}\` is not an empty folder (help: export into a new folder, or empty it first)`,
    );
  mkdirSync(folder, { recursive: true });
  return folder;
}

function writeAll(folder: string, files: ReadonlyMap<string, string>): void {
  for (const [path, text] of files)
    writeFileAtomicSync(join(folder, path), text, { within: folder, createFolders: true });
}

export function runExport(options: CliOptions, root: string, io: CliIo): number {
  const format = options.format === "stylish" ? "json" : options.format;
  if (format !== "json") {
    const folder = exportFolder(options, io);
    const { graph } = loadContentSync({ root });
    if (format === "obsidian") {
      const vault = obsidianVault(graph, { pageUrl });
      writeAll(folder, vault);
      io.stderr(`wrote ${vault.size} notes (an Obsidian vault) to ${options.paths[0]}\n`);
      return 0;
    }
    const module = foundryModule(graph, { pageUrl });
    writeAll(folder, module.files);
    const compiled = writeFoundryPacks(folder, module);
    io.stderr(
      `wrote a Foundry VTT module (${module.journals} journal entries, ${module.pages} pages) to ${options.paths[0]}\n` +
        (compiled.ok
          ? ""
          : `warning: the compendium pack was not compiled: ${compiled.reason}\n` +
            `help: its source JSON is in ${options.paths[0]}/src/packs; compile it with \`npx @foundryvtt/foundryvtt-cli package pack\`\n`),
    );
    return 0;
  }
  const { graph } = loadContentSync({ root });
  const text = `${JSON.stringify(exportGraph(graph), null, 2)}\n`;
  if (options.out) {
    if (!pathInsideRoot(io.cwd, options.out) && !options.out.startsWith("/"))
      throw new UsageError(`\`--out\` must stay inside the working directory`);
    writeFileAtomicSync(
      resolve(io.cwd, options.out),
      text,
      isAbsolute(options.out) ? {} : { within: io.cwd },
    );
    io.stderr(
      `wrote ${graph.entries.size} entries and ${graph.chapters.length} chapters to ${options.out}\n`,
    );
  } else io.stdout(text);
  return 0;
}
