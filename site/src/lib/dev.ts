// Astro integration for `npm run dev`: content/ edits reload the graph, the chapters and the page, with the file's diagnostics
import { isIP } from "node:net";
import { relative, resolve, sep } from "node:path";
import type { Diagnostic } from "@momenta/content";
import { createStylish, IncrementalLint } from "@momenta/lint";
import type { AstroIntegration } from "astro";
import { contentRoot, invalidateSiteContent, loadSiteContent } from "./content.ts";

/** Where the chapters loader leaves its re-run (content.config.ts). */
export const RELOAD_CHAPTERS = Symbol.for("momenta.site.reloadChapters");
const DIAGNOSTICS = Symbol.for("momenta.site.devDiagnostics");
type DevGlobal = { [RELOAD_CHAPTERS]?: () => Promise<void>; [DIAGNOSTICS]?: Diagnostic[] };

/** The edited file's diagnostics, served to the page's banner. */
export const DIAGNOSTICS_PATH = "/__momenta/diagnostics";

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
`;

export function momentaDev(): AstroIntegration {
  return {
    name: "momenta-dev",
    hooks: {
      "astro:config:setup": ({ command, injectScript }) => {
        if (command === "dev") injectScript("page", BANNER);
      },
      "astro:server:setup": ({ server, logger }) => {
        const contentDir = resolve(contentRoot(), "content");
        const dev = globalThis as DevGlobal;
        server.watcher.add(contentDir);
        server.middlewares.use(DIAGNOSTICS_PATH, (request, response) => {
          // this middleware runs before Vite's host check: it makes its own
          if (!hostAllowed(request.headers.host, server.config.server.allowedHosts ?? [])) {
            response.statusCode = 403;
            response.setHeader("content-type", "text/plain");
            response.end("Blocked request: this host is not allowed (see server.allowedHosts)");
            return;
          }
          response.setHeader("content-type", "application/json");
          response.end(JSON.stringify(dev[DIAGNOSTICS] ?? []));
        });
        // the rules' diagnostics through the validator's incremental re-lint (as `lint --watch`): only the
        // saved file and what it can affect are re-checked
        let lint: IncrementalLint | undefined;
        // the first full lint runs once the server is up, not in the way of its start
        setTimeout(() => {
          lint ??= new IncrementalLint({ root: contentRoot() });
        }, 0);
        let queue = Promise.resolve();
        server.watcher.on("all", (event, path) => {
          if (!path.startsWith(contentDir + sep) || !/\.(json|mdx?)$/.test(path)) return;
          if (event !== "add" && event !== "change" && event !== "unlink") return;
          queue = queue.then(async () => {
            const started = performance.now();
            invalidateSiteContent();
            await loadSiteContent();
            await dev[RELOAD_CHAPTERS]?.();
            const file = relative(contentRoot(), path).split(sep).join("/");
            // made here only when the first change came before the first lint (that lint sees the change)
            const made = !lint;
            lint ??= new IncrementalLint({ root: contentRoot() });
            const checked = made ? lint.current : lint.update([{ file }]);
            // load and rule diagnostics, as `momenta lint` gives them for the file
            const diagnostics = checked.diagnostics.filter((diagnostic) => diagnostic.file === file);
            dev[DIAGNOSTICS] = diagnostics;
            server.ws.send({ type: "full-reload" });
            const ms = Math.round(performance.now() - started);
            if (diagnostics.length === 0) {
              logger.info(`${event} ${file}: no problems (reloaded in ${ms} ms)`);
              return;
            }
            const errorCount = diagnostics.filter((d) => d.severity === "error").length;
            const report = createStylish({ color: false })({
              diagnostics,
              sourceText: (name) => checked.graph.source(name)?.text,
              rules: [],
              errorCount,
              warningCount: diagnostics.length - errorCount,
              fileCount: 1,
            });
            logger.warn(`${event} ${file} (reloaded in ${ms} ms):\n${report}`);
          });
        });
      },
    },
  };
}
