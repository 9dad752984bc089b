// Astro integration for `npm run dev`: content/ edits reload the graph, the chapters and the page, with diagnostics
import { relative, resolve, sep } from "node:path";
import { createStylish, type Diagnostic } from "@momenta/validator";
import type { AstroIntegration } from "astro";
import { contentRoot, invalidateSiteContent, loadSiteContent } from "./content.ts";

/** Where the chapters loader leaves its re-run (content.config.ts). */
export const RELOAD_CHAPTERS = Symbol.for("momenta.site.reloadChapters");
const DIAGNOSTICS = Symbol.for("momenta.site.devDiagnostics");
type DevGlobal = { [RELOAD_CHAPTERS]?: () => Promise<void>; [DIAGNOSTICS]?: Diagnostic[] };

/** The edited file's diagnostics, served to the page's banner. */
export const DIAGNOSTICS_PATH = "/__momenta/diagnostics";

const BANNER = `
async function show() {
  const response = await fetch(${JSON.stringify(DIAGNOSTICS_PATH)});
  if (!response.ok) return;
  const diagnostics = await response.json();
  document.getElementById("momenta-dev-diagnostics")?.remove();
  if (diagnostics.length === 0) return;
  const banner = document.createElement("pre");
  banner.id = "momenta-dev-diagnostics";
  banner.style.cssText = "position:fixed;z-index:9999;bottom:0;left:0;right:0;margin:0;max-height:40vh;overflow:auto;padding:1em;background:#3b0d0d;color:#fff;font-size:14px;white-space:pre-wrap";
  banner.textContent = diagnostics.map((d) => d.file + ":" + d.line + ":" + d.column + " " + d.severity + " " + d.message + (d.help ? "\\n  help: " + d.help : "")).join("\\n");
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
        server.middlewares.use(DIAGNOSTICS_PATH, (_request, response) => {
          response.setHeader("content-type", "application/json");
          response.end(JSON.stringify(dev[DIAGNOSTICS] ?? []));
        });
        let queue = Promise.resolve();
        server.watcher.on("all", (event, path) => {
          if (!path.startsWith(contentDir + sep) || !/\.(json|mdx?)$/.test(path)) return;
          if (event !== "add" && event !== "change" && event !== "unlink") return;
          queue = queue.then(async () => {
            const started = performance.now();
            invalidateSiteContent();
            const loaded = await loadSiteContent();
            await dev[RELOAD_CHAPTERS]?.();
            const file = relative(contentRoot(), path).split(sep).join("/");
            const diagnostics = loaded.diagnostics.filter((diagnostic) => diagnostic.file === file);
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
              sourceText: () => undefined,
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
