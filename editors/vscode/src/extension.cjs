// The VS Code extension: starts `momenta lsp --stdio` for the first workspace folder through vscode-languageclient
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");
const { DOCUMENT_SELECTOR, serverCommand } = require("./server-command.cjs");

/** @type {LanguageClient | undefined} */
let client;

/** @param {import("vscode").ExtensionContext} context */
async function activate(context) {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder?.uri.scheme !== "file") return;
  const configured = vscode.workspace.getConfiguration("momenta").get("server.path");
  // no `transport`: the command's own `lsp --stdio` speaks over stdio, and the client adds no second `--stdio`
  const executable = serverCommand(folder.uri.fsPath, configured);
  client = new LanguageClient(
    "momenta",
    "Momenta",
    { run: executable, debug: executable },
    {
      documentSelector: DOCUMENT_SELECTOR,
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.{json,mdx}") },
    },
  );
  context.subscriptions.push(client);
  await client.start();
}

async function deactivate() {
  await client?.stop();
}

module.exports = { activate, deactivate };
