#!/usr/bin/env node
// The README's two commands: `npm start` (install, lint content, build and serve the site) and `npm test`
// (`npm test -- <vitest arguments>` runs a part of it, `npm run test:unit` the tests that need no site or browser).
// Plain Node so a fresh machine with only Node 20 can run it; it brings pnpm, packages, Chromium and Firefox ESR itself.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const PNPM = ["-y", "pnpm@12.4.2"];

function step(title) {
  console.log(`\n▶ ${title}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`✖ \`${[command, ...args].join(" ")}\` exited with ${status}`);
    process.exit(status);
  }
}

const pnpm = (args, options) => mustRun("npx", [...PNPM, ...args], options);

function installPackages() {
  const marker = join(root, "node_modules/.modules.yaml");
  const lock = join(root, "pnpm-lock.yaml");
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  step("installing packages (pnpm install --frozen-lockfile)");
  pnpm(["install", "--frozen-lockfile"]);
}

/** A Debian package some tests drive (Chromium, Firefox ESR, Neovim); installed when missing and we are allowed to. */
function ensureDebianPackage(binary, name, why) {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) {
    console.error(`✖ ${why} need Debian's ${name}: run \`sudo apt-get install -y ${name}\``);
    process.exit(2);
  }
  step(`installing Debian's ${name} for the ${why}`);
  mustRun("apt-get", ["update", "-qq"]);
  mustRun("apt-get", ["install", "-y", "-qq", name], {
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
}

function start() {
  installPackages();
  // the content the site is built from (MOMENTA_CONTENT_ROOT, as the site reads it) is the content linted
  const contentRoot = process.env.MOMENTA_CONTENT_ROOT;
  const lint = ["exec", "momenta", "lint", ...(contentRoot ? ["--root", contentRoot] : [])];
  step("linting content/ (momenta lint)");
  const status = run("npx", [...PNPM, ...lint]);
  if (status !== 0) {
    // among hundreds of warnings an error scrolls away: the errors again, last, where the eye lands
    console.error(
      "\n✖ the content has errors, so the site was not built; the errors again, without warnings:\n",
    );
    run("npx", [...PNPM, ...lint, "--quiet"]);
    console.error(`✖ \`momenta lint\` exited with ${status}: fix the errors above, then \`npm start\` again`);
    process.exit(status);
  }
  step("building the site");
  pnpm(["--filter", "@momenta/site", "build"]);
  const port = process.env.PORT ?? "4321";
  // astro preview's own banner below prints the address it really took; ours must not promise a port
  step(`serving the site (asking for port ${port}; the address is printed below; Ctrl-C to stop)`);
  pnpm(["--filter", "@momenta/site", "preview", "--port", port]);
}

/** `npm run dev`: astro dev; content edits reload the page with the edited file's diagnostics (site/src/lib/dev.ts). */
function dev() {
  installPackages();
  // Astro's own banner prints the port it really got (the next free one when 4321 is busy)
  step("starting the live preview (astro dev)");
  pnpm(["--filter", "@momenta/site", "dev", ...(process.env.PORT ? ["--port", process.env.PORT] : [])]);
}

/** `npm test [-- <vitest arguments>]`: every test, or the files, patterns and options given, passed to vitest run. */
function test(args) {
  installPackages();
  const projects = args.flatMap((arg, i) =>
    arg === "--project" ? [args[i + 1]] : arg.startsWith("--project=") ? [arg.slice(10)] : [],
  );
  const unitOnly = projects.length > 0 && projects.every((project) => project === "unit");
  const reportDir = join(root, "test-results");
  mkdirSync(reportDir, { recursive: true });
  const report = join(reportDir, "vitest.json");
  // a run that dies before writing its report must not be counted from the last run's
  rmSync(report, { force: true });
  // the unit project has no browser and no site type check
  // the language server's protocol tests run through Neovim's own LSP client
  ensureDebianPackage("/usr/bin/nvim", "neovim", "language server's protocol tests");
  if (!unitOnly) {
    ensureDebianPackage("/usr/bin/chromium", "chromium", "browser tests");
    // search, previews and catalog filters run in a second engine too (site/test/firefox.test.ts)
    ensureDebianPackage("/usr/bin/firefox-esr", "firefox-esr", "Firefox browser tests");
    step("writing the site's content types (astro sync) for the type check");
    pnpm(["--filter", "@momenta/site", "exec", "astro", "sync"]);
  }
  step(args.length > 0 ? `running vitest run ${args.join(" ")}` : "running every test (vitest)");
  const status = run("npx", [
    ...PNPM,
    "exec",
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...args,
  ]);
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  try {
    const summary = JSON.parse(readFileSync(report, "utf8"));
    passed = summary.numPassedTests;
    // a file that fails to load has no failed test of its own: count it once
    failed = summary.numFailedTests || summary.numFailedTestSuites;
    skipped = summary.numPendingTests + summary.numTodoTests;
  } catch {
    failed = Math.max(failed, 1);
  }
  if (status !== 0 && failed === 0) failed = 1;
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  process.exit(failed > 0 || status !== 0 ? 1 : 0);
}

const command = process.argv[2];
if (command === "start") start();
else if (command === "dev") dev();
else if (command === "test") test(process.argv.slice(3));
else {
  console.error("usage: node scripts/run.mjs start|dev|test [vitest arguments]");
  process.exit(2);
}
