// `momenta lint --watch`: lint everything, then re-lint on every content change and print what the change did
import { basename, dirname, join, relative, resolve } from "node:path";
import type { RuleMeta } from "@momenta/content";
import { contentDirectory, type Diagnostic, isContentFile, toPosix } from "@momenta/content";
import type { LintResult, PackLintOptions, Relint } from "@momenta/lint";
import {
  fixedLine,
  IncrementalLint,
  PACK_RULES,
  PackRelint,
  RULES,
  relintDelta,
  summaryLine,
  WATCH_DELAY_MS,
} from "@momenta/lint";
import { CONFIG_FILE } from "@momenta/schema";
import type { CliOptions } from "./args.ts";
import { type WatchHandle, watchContent, watchFolder } from "./fs/watch-folders.ts";
import type { CliIo } from "./io.ts";
import { configOf, outcomeOf, reportLint } from "./report.ts";

/** Formats whose output is one document: a re-lint prints the whole state again, for the tool that reads it. */
const WHOLE_STATE_FORMATS = new Set(["json", "sarif"]);

export type { WatchHandle } from "./fs/watch-folders.ts";

/** A changed file: its name as printed, and as the re-lint takes it (relative to the lint's root). */
interface Changed {
  shown: string;
  file: string;
}

/** What a watch lints and where it looks for changes. */
interface Watched {
  /** The first lint, after the watches are in place. */
  lint(): Relint;
  /** Start watching; `changed` without a name when the platform did not say what changed. */
  watch(changed: (name: Changed | undefined) => void): WatchHandle;
  rules: readonly { meta: RuleMeta }[];
  /** What a re-read of everything is called in the `changed:` line. */
  whole: string;
}

/** Lint `root` once and again after each change below its content folder; `close` stops watching. */
export function watchLint(root: string, options: CliOptions, io: CliIo): WatchHandle {
  const contentDir = contentDirectory(root);
  const prefix = toPosix(relative(resolve(root), contentDir));
  const config = configOf(options, io);
  return watchRelint(
    {
      lint: () => new IncrementalLint({ root, paths: options.paths, rules: options.rules, ...config }),
      watch: (changed) => {
        const content = watchContent(contentDir, (name) =>
          // shown as the diagnostics name it (`content/weapons/dagger.json`, from where the command runs)
          changed(
            name
              ? {
                  shown: toPosix(relative(io.cwd, join(contentDir, name))),
                  file: prefix ? `${prefix}/${name}` : name,
                }
              : undefined,
          ),
        );
        // named as `IncrementalLint` names it (relative to the root), which re-applies it without re-reading content
        const path = resolve(root, config.config ?? CONFIG_FILE);
        const file = toPosix(relative(resolve(root), path));
        const settings = watchConfig(path, () => changed({ shown: toPosix(relative(io.cwd, path)), file }));
        return both(content, settings);
      },
      rules: RULES,
      whole: "content/ (re-read whole)",
    },
    options,
    io,
  );
}

/**
 * `momenta lint --pack <dir> --watch`: the packs linted once and again after each change to their content or
 * manifest, through `PackRelint` (the core's incremental re-lint over the loader's file interface, as the language
 * server reads a pack).
 */
export function watchPackLint(
  lintOptions: Omit<PackLintOptions, "files">,
  options: CliOptions,
  io: CliIo,
): WatchHandle {
  const cwd = resolve(lintOptions.cwd);
  const named = (path: string): Changed => {
    const file = toPosix(relative(cwd, path));
    return { shown: file, file };
  };
  return watchRelint(
    {
      lint: () => new PackRelint(lintOptions),
      watch: (changed) => {
        const handles = lintOptions.packs.flatMap((pack) => {
          const dir = resolve(cwd, pack);
          const content = join(dir, "content");
          const manifest = watchFolder(dir, (name) => {
            // the manifest, and a content folder made after the watch began
            if (name === undefined) changed(undefined);
            else if (name === "momenta-pack.json" || name === "content") changed(named(join(dir, name)));
          });
          return [
            manifest,
            watchContent(content, (name) => changed(name ? named(join(content, name)) : undefined)),
          ];
        });
        const config = resolve(cwd, lintOptions.config ?? CONFIG_FILE);
        return both(
          ...handles,
          watchConfig(config, () => changed(named(config))),
        );
      },
      rules: [...RULES, ...PACK_RULES],
      whole: "the packs (re-read whole)",
    },
    options,
    io,
  );
}

function watchRelint(watched: Watched, options: CliOptions, io: CliIo): WatchHandle {
  const started = performance.now();
  const shown = (result: LintResult) =>
    options.quiet ? result.diagnostics.filter((d) => d.severity === "error") : result.diagnostics;
  let previous: readonly Diagnostic[] = [];
  const report = (names: readonly string[] | undefined, result: LintResult, elapsed: number) => {
    const now = shown(result);
    const timing = `linted in ${elapsed.toFixed(0)} ms · watching for changes (ctrl-c to stop)\n`;
    // an editor's or `sed -i`'s temp file is not named beside the file it saves; alone, it is named (the loader
    // reports a stray file that stays), and only when the lint changed
    const content = names?.filter(isContentFile);
    const changed = content && content.length > 0 ? content : names;
    const strayOnly = names !== undefined && names.length > 0 && content?.length === 0;
    // the first state, and every state of a one-document format, is printed whole
    if (!changed || WHOLE_STATE_FORMATS.has(options.format)) {
      if (changed && changed.length > 0) io.stdout(`\nchanged: ${changed.join(", ")}\n`);
      reportLint(outcomeOf(result), watched.rules, options, io);
      previous = now;
      io.stdout(timing);
      return;
    }
    // a problem hidden by a file that no longer loads is unchecked, not fixed: its parse error is what is new
    const { added, fixed, unchecked } = relintDelta(previous, { ...result, diagnostics: now });
    // kept while unchecked: when their file loads again, those still there are neither new nor fixed
    previous = [...now, ...unchecked];
    if (strayOnly && added.length === 0 && fixed.length === 0) return;
    io.stdout(`\nchanged: ${changed.length > 0 ? changed.join(", ") : watched.whole}\n`);
    // one line per problem gone, the new ones in the chosen format, then one summary line of the whole state
    for (const d of fixed) io.stdout(`${fixedLine(d)}\n`);
    if (added.length > 0)
      reportLint({ ...outcomeOf(result), diagnostics: added }, watched.rules, options, io, {
        summary: false,
      });
    io.stdout(
      `${added.length > 0 ? "\n" : ""}${summaryLine(result, { added, fixed }, { quiet: options.quiet })} · ${timing}`,
    );
  };
  const changed = new Map<string, string>();
  let timer: NodeJS.Timeout | undefined;
  let unnamed = false;
  // watching starts before the first lint: a save while it runs is re-linted, none after it is missed
  const watcher = watched.watch((name) => {
    // without a name the platform did not say what changed: everything is re-linted
    if (name) changed.set(name.shown, name.file);
    else unnamed = true;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const names = [...changed.keys()].sort();
      const files = names.map((name) => ({ file: changed.get(name) as string }));
      changed.clear();
      try {
        const at = performance.now();
        // only the changed files are read again, and (for the core) only what they can affect is re-checked
        const result = unnamed ? lint.full() : lint.update(files);
        unnamed = false;
        report(names, result, performance.now() - at);
      } catch (error) {
        io.stderr(`error: ${(error as Error).message}\n`);
      }
    }, WATCH_DELAY_MS);
  });
  const lint = watched.lint();
  report(undefined, lint.current, performance.now() - started);
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}

/** Several watches closed as one. */
function both(...handles: WatchHandle[]): WatchHandle {
  return {
    close() {
      for (const handle of handles) handle.close();
    },
  };
}

/**
 * The configuration file, through its folder's watch (an editor's atomic save replaces the file, which a watch of
 * the file itself would lose), so a file created after the watch began is seen too.
 */
function watchConfig(path: string, changed: () => void): WatchHandle {
  const name = basename(path);
  return watchFolder(dirname(path), (entry) => {
    if (entry === name) changed();
  });
}
