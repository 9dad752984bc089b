// `momenta lint --watch`: lint everything, then re-lint on every content change and print what the change did
import { type FSWatcher, lstatSync, readdirSync, watch } from "node:fs";
import { join, relative, resolve } from "node:path";
import { contentDirectory, type Diagnostic, toPosix } from "@momenta/content";
import type { LintResult } from "@momenta/lint";
import { fixedLine, IncrementalLint, lintDelta, RULES, summaryLine } from "@momenta/lint";
import type { CliOptions } from "./args.ts";
import type { CliIo } from "./io.ts";
import { outcomeOf, reportLint } from "./report.ts";

/** Quiet time after the last change event before re-linting (editors write a file in several events). */
export const WATCH_DELAY_MS = 50;

/** Formats whose output is one document: a re-lint prints the whole state again, for the tool that reads it. */
const WHOLE_STATE_FORMATS = new Set(["json", "sarif"]);

export interface WatchHandle {
  close(): void;
}

/** Lint `root` once and again after each change below its content folder; `close` stops watching. */
export function watchLint(root: string, options: CliOptions, io: CliIo): WatchHandle {
  const started = performance.now();
  const contentDir = contentDirectory(root);
  const prefix = toPosix(relative(resolve(root), contentDir));
  const shown = (result: LintResult) =>
    options.quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics;
  let previous: readonly Diagnostic[] = [];
  const report = (changed: readonly string[] | undefined, result: LintResult, elapsed: number) => {
    const now = shown(result);
    const timing = `linted in ${elapsed.toFixed(0)} ms · watching for changes (ctrl-c to stop)\n`;
    // the first state, and every state of a one-document format, is printed whole
    if (!changed || WHOLE_STATE_FORMATS.has(options.format)) {
      if (changed && changed.length > 0) io.stdout(`\nchanged: ${changed.join(", ")}\n`);
      reportLint(outcomeOf(result), RULES, options, io);
      previous = now;
      io.stdout(timing);
      return;
    }
    const { added, fixed } = lintDelta(previous, now);
    previous = now;
    io.stdout(`\nchanged: ${changed.length > 0 ? changed.join(", ") : "content/ (re-read whole)"}\n`);
    // one line per problem gone, the new ones in the chosen format, then one summary line of the whole state
    for (const d of fixed) io.stdout(`${fixedLine(d)}\n`);
    if (added.length > 0)
      reportLint({ ...outcomeOf(result), diagnostics: added }, RULES, options, io, { summary: false });
    io.stdout(
      `${added.length > 0 ? "\n" : ""}${summaryLine(result, { added, fixed }, { quiet: options.quiet })} · ${timing}`,
    );
  };
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let unnamed = false;
  // watching starts before the first lint: a save while it runs is re-linted, none after it is missed
  const watcher = watchContent(contentDir, (name) => {
    // without a name the platform did not say what changed: everything is re-linted
    if (name) changed.add(name);
    else unnamed = true;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const names = [...changed].sort();
      changed.clear();
      try {
        const at = performance.now();
        // only the changed files are read again, and only what they can affect is re-checked
        const files = names.map((name) => ({ file: prefix ? `${prefix}/${name}` : name }));
        const result = unnamed ? lint.full() : lint.update(files);
        unnamed = false;
        report(names, result, performance.now() - at);
      } catch (error) {
        io.stderr(`error: ${(error as Error).message}\n`);
      }
    }, WATCH_DELAY_MS);
  });
  const lint = new IncrementalLint({ root, paths: options.paths, rules: options.rules });
  report(undefined, lint.current, performance.now() - started);
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}

/**
 * Watch the content folder and each folder in it (the layout is one level deep) with one plain watch each. They are
 * in place when this returns; Node 20's recursive watch on Linux sets its watches up later, and missed a write made
 * right after the first state was printed. A folder created later is watched from its first event.
 */
export function watchContent(dir: string, changed: (name: string | undefined) => void): WatchHandle {
  const watchers = new Map<string, FSWatcher>();
  const add = (folder: string) => {
    if (watchers.has(folder)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(folder ? join(dir, folder) : dir, (_event, name) => {
        if (!name) return changed(undefined);
        const entry = String(name);
        if (!folder) {
          if (isFolder(join(dir, entry))) add(entry);
          else watchers.get(entry)?.close();
        }
        changed(folder ? `${folder}/${entry}` : entry);
      });
    } catch {
      return; // gone already, or unreadable: the lint reports it
    }
    watcher.on("error", () => {
      watcher.close();
      watchers.delete(folder);
    });
    watcher.on("close", () => watchers.delete(folder));
    watchers.set(folder, watcher);
  };
  add("");
  try {
    for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) add(entry.name);
  } catch {
    // an unreadable content folder is the lint's finding
  }
  return {
    close() {
      for (const watcher of [...watchers.values()]) watcher.close();
    },
  };
}

function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
