// Astro integration for `npm run dev`: content/ edits (and momenta.config.json's) reload the graph, the chapters and the page, with every file's diagnostics the edit changed
import { isIP } from "node:net";
import { relative, resolve, sep } from "node:path";
import { type Diagnostic, isContentFile } from "@momenta/content";
import {
  coreAndPacksOf,
  createStylish,
  fixedLine,
  IncrementalLint,
  type LintResult,
  lintDelta,
  PackRelint,
  type Relint,
  relintDelta,
  summaryLine,
  WATCH_DELAY_MS,
} from "@momenta/lint";
import { CONFIG_FILE, PACK_MANIFEST_FILE } from "@momenta/schema";
import type { AstroIntegration } from "astro";
import {
  contentRoot,
  DEV_CONTENT,
  type DevContent,
  holdSiteContent,
  loadSiteContent,
  packFolders,
} from "./content.ts";

/** Where the chapters loader leaves its re-run (content.config.ts). */
export const RELOAD_CHAPTERS = Symbol.for("momenta.site.reloadChapters");
const DIAGNOSTICS = Symbol.for("momenta.site.devDiagnostics");
type DevGlobal = { [RELOAD_CHAPTERS]?: () => Promise<void>; [DIAGNOSTICS]?: Diagnostic[] };

/** What the page's banner shows (bannerDiagnostics), served as JSON. */
export const DIAGNOSTICS_PATH = "/__momenta/diagnostics";

/**
 * The problems the author is to see after a save, in the lint's order: every error (a broken file keeps its banner
 * whatever file is saved next), the saved file's own warnings, and the warnings the session's saves brought anywhere
 * (`since`: the state `npm run dev` started from, whose old warnings `momenta lint` lists).
 */
export function bannerDiagnostics(
  now: readonly Diagnostic[],
  since: readonly Diagnostic[],
  saved: readonly string[],
): Diagnostic[] {
  const brought = new Set(lintDelta(since, now).added);
  const own = new Set(saved);
  return now.filter((d) => d.severity === "error" || own.has(d.file) || brought.has(d));
}

/**
 * What the terminal prints for one save: the problems it fixed (`fixed:` lines) and the new ones in any file, as
 * `momenta lint` prints them, then one summary line of the whole state, as `lint --watch` does.
 */
export function saveReport(
  /** What was saved: `change content/a.json, add content/b.json`. */
  changed: string,
  before: readonly Diagnostic[],
  result: LintResult,
  ms: number,
): { text: string; added: number; unchecked: Diagnostic[] } {
  // a problem hidden by a file that no longer loads is unchecked, not fixed (relintDelta)
  const { added, fixed, unchecked } = relintDelta(before, result);
  const lines = [`${changed} (reloaded in ${ms} ms)`, ...fixed.map(fixedLine)];
  if (added.length > 0) {
    const errorCount = added.filter((d) => d.severity === "error").length;
    const report = createStylish({ color: false, summary: false })({
      diagnostics: added,
      sourceText: (name) => result.graph.source(name)?.text,
      rules: [],
      errorCount,
      warningCount: added.length - errorCount,
      fileCount: new Set(added.map((d) => d.file)).size,
    });
    lines.push(report.trimEnd(), "");
  }
  lines.push(summaryLine(result, { added, fixed }));
  return { text: lines.join("\n"), added: added.length, unchecked };
}

/**
 * What a watcher event's path is re-linted as, named from `root` as `IncrementalLint.update` takes it: a content file
 * under `content/` (the core's or a previewed pack's, whose manifest counts too), or the configuration file
 * (re-applied without re-reading the content, as `lint --watch` and the language server do); nothing for anything
 * else, such as an editor's temp file.
 */
export function devChange(path: string, root: string, packs: readonly string[] = []): string | undefined {
  if (path === resolve(root, CONFIG_FILE)) return CONFIG_FILE;
  const named = () => relative(root, path).split(sep).join("/");
  for (const pack of packs) {
    if (path === resolve(pack, PACK_MANIFEST_FILE)) return named();
    if (path.startsWith(resolve(pack, "content") + sep) && isContentFile(path)) return named();
  }
  if (!path.startsWith(resolve(root, "content") + sep) || !isContentFile(path)) return undefined;
  return named();
}

/**
 * Vite's own `server.allowedHosts` rule (its host check is not exported, and it runs after an integration's
 * middlewares): IP addresses, `localhost` and `*.localhost`, and the configured names (`.example.org` for a domain
 * and its subdomains). A DNS-rebinding page reaches the server under its own name, which none of these is.
 */
export function hostAllowed(host: string | undefined, allowedHosts: readonly string[] | true): boolean {
  if (allowedHosts === true) return true;
  const trimmed = (host ?? "").trim().toLowerCase();
  if (!trimmed) return false;
  if (trimmed.startsWith("[")) {
    const end = trimmed.indexOf("]");
    return end > 0 && isIP(trimmed.slice(1, end)) === 6;
  }
  const name = trimmed.split(":")[0] as string;
  if (isIP(name) === 4 || name === "localhost" || name.endsWith(".localhost")) return true;
  return allowedHosts.some((allowed) =>
    allowed.startsWith(".") ? name === allowed.slice(1) || name.endsWith(allowed) : name === allowed,
  );
}

/** What the reload plugin needs of Vite's hot-update context (the site has no direct `vite` dependency to take types from). */
interface HotUpdateContext {
  environment: {
    moduleGraph: {
      invalidateModule(mod: unknown, seen: Set<unknown>, timestamp: number, isHmr: boolean): void;
    };
  };
}

/** The Vite plugin of contentReloadPlugin. */
export interface ContentReloadPlugin {
  name: string;
  hotUpdate(
    this: HotUpdateContext,
    options: { file: string; modules: readonly unknown[]; timestamp: number },
  ): unknown[] | undefined;
}

/**
 * Astro reloads the open pages the moment a compiled content file (a chapter's MDX) changes, before the re-lint has
 * the new graph: that load waited for the re-lint, was cut off by the re-lint's own reload, and the server rendered
 * the page twice at once. The file's modules are invalidated as Astro would, and the reload left to the re-lint.
 */
export function contentReloadPlugin(contentDir: string): ContentReloadPlugin {
  return {
    name: "momenta-dev-content-reload",
    hotUpdate({ file, modules, timestamp }) {
      if (!file.startsWith(contentDir + sep)) return undefined;
      const seen = new Set<unknown>();
      for (const mod of modules) this.environment.moduleGraph.invalidateModule(mod, seen, timestamp, true);
      return [];
    },
  };
}

/**
 * Astro's dev toolbar, on only with MOMENTA_DEV_TOOLBAR=1: its source annotations (a file path on every element)
 * are 94 KB of a 265 KB entry page, which the browser reads again on every save's reload.
 */
export function devToolbarEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.MOMENTA_DEV_TOOLBAR === "1";
}

/** The event a content save sends the open pages (the banner script reloads on it). */
const RELOAD_EVENT = "momenta:content-changed";
/** The diagnostics response's header: when the content the pages read last changed (epoch ms; 0 before any). */
const CHANGED_HEADER = "x-momenta-content-changed";

const BANNER = `
async function show() {
  const response = await fetch(${JSON.stringify(DIAGNOSTICS_PATH)});
  if (!response.ok) return;
  const diagnostics = await response.json();
  document.getElementById("momenta-dev-diagnostics")?.remove();
  if (diagnostics.length === 0) return;
  const text = diagnostics.map((d) => d.file + ":" + d.line + ":" + d.column + " " + d.severity + " " + d.message + (d.help ? "\\n  help: " + d.help : "")).join("\\n");
  // dismissed for this text: the same problems are not shown again until they change
  if (sessionStorage.getItem("momenta-dev-dismissed") === text) return;
  const banner = document.createElement("section");
  banner.id = "momenta-dev-diagnostics";
  banner.setAttribute("role", "status");
  banner.setAttribute("aria-label", "Content diagnostics");
  banner.style.cssText = "position:fixed;z-index:9999;bottom:0;left:0;right:0;max-height:20vh;overflow:auto;padding:0.5em 2.75em 0.5em 0.75em;background:#3b0d0d;color:#fff;font-size:13px";
  const close = document.createElement("button");
  close.type = "button";
  close.textContent = "×";
  close.setAttribute("aria-label", "Dismiss diagnostics");
  close.style.cssText = "position:absolute;top:0.25em;right:0.25em;min-width:2.25em;min-height:2.25em;background:transparent;color:#fff;border:1px solid #fff;border-radius:4px;font-size:16px;cursor:pointer";
  close.addEventListener("click", () => {
    sessionStorage.setItem("momenta-dev-dismissed", text);
    banner.remove();
  });
  const body = document.createElement("pre");
  body.style.cssText = "margin:0;white-space:pre-wrap;font-size:inherit";
  body.textContent = text;
  banner.append(close, body);
  document.body.append(banner);
}
show();
// the reload comes as this event rather than Vite's full-reload, which the client delays by 50 ms
import.meta.hot?.on(${JSON.stringify(RELOAD_EVENT)}, () => location.reload());
// a save that came while this page was loading (its request before the change, its socket not yet open) sent its
// reload to nobody: the server says when the content last changed, and a page begun before that loads again
fetch(${JSON.stringify(DIAGNOSTICS_PATH)}, { method: "HEAD" }).then((response) => {
  const changed = Number(response.headers.get(${JSON.stringify(CHANGED_HEADER)}));
  if (changed > performance.timeOrigin) location.reload();
});
`;

export function momentaDev(): AstroIntegration {
  // the rules' diagnostics through the linter's long-lived lint (as `lint --watch`): the core's incremental re-lint,
  // where only the saved file and what it can affect are re-checked, or with packs the packs' over the core (as
  // `lint --watch --pack`); either way its graph is the one pages read
  const packs = packFolders();
  let lint: Relint | undefined;
  const current = () => {
    lint ??=
      packs.length > 0
        ? new PackRelint({ packs, cwd: contentRoot(), coreRoot: contentRoot() })
        : new IncrementalLint({ root: contentRoot() });
    return lint;
  };
  /**
   * The pages' content: with packs, judged by the function a build uses (which refuses a build with a pack's errors;
   * in dev the banner lists them until they are fixed).
   */
  const content = (): DevContent => {
    const result = current().current;
    return packs.length > 0
      ? coreAndPacksOf({ ...result, sourceText: (file) => result.graph.source(file)?.text })
      : result;
  };
  return {
    name: "momenta-dev",
    hooks: {
      "astro:config:setup": ({ command, injectScript, updateConfig }) => {
        if (command !== "dev") return;
        injectScript("page", BANNER);
        updateConfig({
          devToolbar: { enabled: devToolbarEnabled() },
          vite: { plugins: [contentReloadPlugin(resolve(contentRoot(), "content")) as never] },
        });
        // before the chapters' loader first asks for the graph
        (globalThis as { [DEV_CONTENT]?: () => DevContent })[DEV_CONTENT] = content;
      },
      "astro:server:setup": ({ server, logger }) => {
        const contentDir = resolve(contentRoot(), "content");
        const dev = globalThis as DevGlobal;
        server.watcher.add([
          contentDir,
          resolve(contentRoot(), CONFIG_FILE),
          ...packs.flatMap((pack) => [resolve(pack, "content"), resolve(pack, PACK_MANIFEST_FILE)]),
        ]);
        server.middlewares.use(DIAGNOSTICS_PATH, (request, response) => {
          // this middleware runs before Vite's host check: it makes its own
          if (!hostAllowed(request.headers.host, server.config.server.allowedHosts ?? [])) {
            response.statusCode = 403;
            response.setHeader("content-type", "text/plain");
            response.end("Blocked request: this host is not allowed (see server.allowedHosts)");
            return;
          }
          response.setHeader("content-type", "application/json");
          response.setHeader(CHANGED_HEADER, String(contentChangedAt));
          response.setHeader("cache-control", "no-store");
          response.end(request.method === "HEAD" ? undefined : JSON.stringify(dev[DIAGNOSTICS] ?? []));
        });
        // the first full lint runs once the server is up, not in the way of its start (unless a page asks first)
        setTimeout(current, 0);
        let queue = Promise.resolve();
        /** The problems of the state the session started from (the banner's warnings are those new since). */
        let start: readonly Diagnostic[] | undefined;
        /** Files saved since the last re-lint, with what happened to each. */
        const saved = new Map<string, string>();
        /** Problems hidden since a file they depend on stopped loading: not new when it loads again. */
        let unchecked: readonly Diagnostic[] = [];
        let timer: NodeJS.Timeout | undefined;
        /** When the first write of the last re-linted batch came (epoch ms): a page begun before it is stale. */
        let contentChangedAt = 0;
        /** When the first write of the batch not yet re-linted came. */
        let batchStartedAt = 0;
        /** Lets the pages read the content again, held since the first event of the writes being re-linted. */
        let release: (() => void) | undefined;
        const relint = async () => {
          const started = performance.now();
          const files = [...saved.keys()];
          const changed = [...saved].map(([file, event]) => `${event} ${file}`).join(", ");
          saved.clear();
          const changedAt = batchStartedAt;
          batchStartedAt = 0;
          let before: readonly Diagnostic[] | undefined;
          let checked: LintResult;
          try {
            // made here only when the first change came before the first lint (that lint sees the change)
            before = lint?.current.diagnostics;
            checked = before ? current().update(files.map((file) => ({ file }))) : current().current;
          } finally {
            // pages read the updated graph (or, with packs, a new load)
            release?.();
            release = undefined;
          }
          start ??= before ?? checked.diagnostics;
          // every file the save changed, not only the saved one: a lowered cap breaks a chapter
          dev[DIAGNOSTICS] = bannerDiagnostics(checked.diagnostics, start, files);
          contentChangedAt = changedAt;
          // the pages reload at once: they wait for the released graph themselves, and read the chapters' list from
          // Astro's data store file, which the chapters' re-run below rewrites later (with a reload of its own)
          server.ws.send({ type: "custom", event: RELOAD_EVENT });
          await loadSiteContent();
          await dev[RELOAD_CHAPTERS]?.();
          const ms = Math.round(performance.now() - started);
          const report = saveReport(changed, [...(before ?? checked.diagnostics), ...unchecked], checked, ms);
          unchecked = report.unchecked;
          if (checked.errorCount > 0 || report.added > 0) logger.warn(report.text);
          else logger.info(report.text);
        };
        server.watcher.on("all", (event, path) => {
          const file = devChange(path, contentRoot(), packs);
          if (file === undefined) return;
          if (event !== "add" && event !== "change" && event !== "unlink") return;
          saved.set(file, event);
          release ??= holdSiteContent();
          batchStartedAt ||= Date.now();
          // a write arrives in several events, and the watcher may report only the first (the file truncated):
          // read once it is quiet, as `lint --watch` does
          clearTimeout(timer);
          timer = setTimeout(() => {
            // a failed re-lint is reported and the next save is still handled
            queue = queue
              .then(relint)
              .catch((error: Error) => logger.error(`re-lint failed: ${error.stack ?? error}`));
          }, WATCH_DELAY_MS);
        });
      },
    },
  };
}
