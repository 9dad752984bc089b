// `momenta export`: the graph as JSON (stdout or --out), an Obsidian vault or a Foundry VTT module (into a folder)
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { basename, delimiter, dirname, isAbsolute, join, resolve, sep } from "node:path";
import { load } from "@momenta/content";
import { exportGraph, foundryModule, obsidianVault, writeFoundryPacks } from "@momenta/export";
import { loadCoreAndPacks, type Publishable, pathInsideRoot } from "@momenta/lint";
import type { CliOptions } from "./args.ts";
import { UsageError } from "./args.ts";
import { writeFileAtomicSync } from "./fs/atomic-write.ts";
import type { CliIo } from "./io.ts";

/** The site page of an id, as the site links it: exports point readers there for what only the site computes. */
const pageUrl = (id: string) => `/${id}/`;

/** The folder an export writes into (made once the content loaded): inside the working directory or absolute, missing or empty. */
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
  return folder;
}

/** Most bytes of one file or folder name on the file systems an export is written to (ext4, APFS, NTFS). */
const MAX_NAME_BYTES = 255;

/** The first path of an export whose file or folder name no file system takes, if any. */
export function unwritablePath(paths: Iterable<string>): string | undefined {
  for (const path of paths)
    if (path.split("/").some((part) => Buffer.byteLength(part, "utf8") > MAX_NAME_BYTES)) return path;
  return undefined;
}

/**
 * Write an export's files into `folder` all at once: checked first, written into a temporary sibling folder, which
 * is renamed to `folder` at the end, so a failure leaves no half-written folder and a rerun starts clean (a note
 * name the file system refused stopped an export halfway, and the rerun refused the non-empty folder).
 */
function writeAll(folder: string, files: ReadonlyMap<string, string>, finish?: (temp: string) => void): void {
  const refused = unwritablePath(files.keys());
  if (refused)
    throw new UsageError(
      `the export would write \`${refused.slice(0, 80)}…\`, a name longer than ${MAX_NAME_BYTES} bytes (help: shorten the name of the entry or chapter it comes from)`,
    );
  mkdirSync(dirname(folder), { recursive: true });
  const temp = mkdtempSync(join(dirname(folder), `.${basename(folder)}.partial-`));
  try {
    // the folder is new and this process's own (mkdtemp): plain writes, the rename below is the atomic step
    for (const [path, text] of files) {
      const target = resolve(temp, path);
      if (!target.startsWith(`${temp}${sep}`)) throw new Error(`export path \`${path}\` leaves its folder`);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, text);
    }
    finish?.(temp);
    if (!existsSync(folder)) renameSync(temp, folder);
    else {
      // an empty folder that was there (maybe the working directory itself): the written tree moves into it
      for (const name of readdirSync(temp)) renameSync(join(temp, name), join(folder, name));
      rmdirSync(temp);
    }
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The graph to export: the core content, with the homebrew packs named in MOMENTA_PACKS (as the site previews
 * them). Packs are untrusted: one with lint errors is reported and not exported, as the site refuses to build it.
 */
function exportGraphOf(root: string, io: CliIo): Publishable | undefined {
  const packs = (process.env.MOMENTA_PACKS ?? "").split(delimiter).filter(Boolean);
  const loaded = loadCoreAndPacks({
    coreRoot: root,
    packs: packs.map((pack) => resolve(io.cwd, pack)),
    cwd: io.cwd,
  });
  if (!loaded.ok) {
    io.stderr(loaded.report);
    io.stderr(
      "error: a homebrew pack with lint errors is not exported\nhelp: fix the errors above, or leave the pack out of MOMENTA_PACKS\n",
    );
    return undefined;
  }
  return loaded;
}

export function runExport(options: CliOptions, root: string, io: CliIo): number {
  const format = options.format === "stylish" ? "json" : options.format;
  if (format !== "json") {
    const folder = exportFolder(options, io);
    const loaded = exportGraphOf(root, io);
    if (!loaded) return 1;
    const { graph, packName, houseRules } = loaded;
    if (format === "obsidian") {
      const vault = obsidianVault(graph, { pageUrl, packName, houseRules });
      writeAll(folder, vault);
      io.stderr(`wrote ${vault.size} notes (an Obsidian vault) to ${options.paths[0]}\n`);
      return 0;
    }
    const module = foundryModule(graph, { pageUrl, packName, houseRules });
    let compiled: ReturnType<typeof writeFoundryPacks> | undefined;
    writeAll(folder, module.files, (temp) => {
      compiled = writeFoundryPacks(temp, module);
    });
    if (!compiled) throw new Error("the Foundry module was written without its packs");
    io.stderr(
      `wrote a Foundry VTT module (${module.journals} journal entries, ${module.pages} pages) to ${options.paths[0]}\n` +
        (compiled.ok
          ? ""
          : `warning: the compendium pack was not compiled: ${compiled.reason}\n` +
            `help: its source JSON is in ${options.paths[0]}/src/packs; compile it with \`npx @foundryvtt/foundryvtt-cli package pack\`\n`),
    );
    return 0;
  }
  const { graph } = load({ root });
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
