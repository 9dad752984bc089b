// Which `momenta lsp --stdio` the extension starts for a workspace folder (no VS Code API: testable in node)
const { existsSync } = require("node:fs");
const { join } = require("node:path");

/**
 * The configured `momenta` command, else the workspace's own (node_modules/.bin/momenta, so the linter version
 * the repository pins is the one that answers), else `momenta` on the PATH.
 * @param {string} folder the workspace folder (the content root)
 * @param {string | undefined} configured the `momenta.server.path` setting
 * @returns {{ command: string, args: string[], options: { cwd: string } }}
 */
function serverCommand(folder, configured) {
  const local = join(folder, "node_modules", ".bin", "momenta");
  const command = configured || (existsSync(local) ? local : "momenta");
  return { command, args: ["lsp", "--stdio"], options: { cwd: folder } };
}

/** The files the server handles: JSON entries and MDX chapters. */
const DOCUMENT_SELECTOR = [
  { scheme: "file", language: "json" },
  { scheme: "file", pattern: "**/*.mdx" },
];

module.exports = { DOCUMENT_SELECTOR, serverCommand };
