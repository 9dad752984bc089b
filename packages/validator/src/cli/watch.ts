// `momenta lint --watch`: lint everything, then re-lint on every content change and print the new state
import { type FSWatcher, watch } from "node:fs";
import { lintContentSync } from "../lint.ts";
import { contentDirectory } from "../loader/load.ts";
import { RULES } from "../rules/index.ts";
import type { CliOptions } from "./args.ts";
import type { CliIo } from "./io.ts";
import { outcomeOf, reportLint } from "./report.ts";

/** Quiet time after the last change event before re-linting (editors write a file in several events). */
export const WATCH_DELAY_MS = 50;

export interface WatchHandle {
  close(): void;
}

/** Lint `root` once and again after each change below its content folder; `close` stops watching. */
export function watchLint(root: string, options: CliOptions, io: CliIo): WatchHandle {
  const lintOnce = (changed: readonly string[]) => {
    const started = performance.now();
    const result = lintContentSync({ root, paths: options.paths, rules: options.rules });
    const elapsed = performance.now() - started;
    if (changed.length > 0) io.stdout(`\nchanged: ${changed.join(", ")}\n`);
    reportLint(outcomeOf(result), RULES, options, io);
    io.stdout(`linted in ${elapsed.toFixed(0)} ms · watching for changes (ctrl-c to stop)\n`);
  };
  lintOnce([]);
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const watcher: FSWatcher = watch(contentDirectory(root), { recursive: true }, (_event, name) => {
    if (name) changed.add(String(name).split("\\").join("/"));
    clearTimeout(timer);
    timer = setTimeout(() => {
      const names = [...changed].sort();
      changed.clear();
      try {
        lintOnce(names);
      } catch (error) {
        io.stderr(`error: ${(error as Error).message}\n`);
      }
    }, WATCH_DELAY_MS);
  });
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
