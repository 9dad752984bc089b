// @momenta/language-server: `momenta lsp --stdio` and the server it starts
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { createServer } from "./server.ts";

export { complete, openReference } from "./completion.ts";
export { Project } from "./project.ts";
export { createServer, type Server } from "./server.ts";

export const USAGE = "usage: momenta lsp --stdio   (a language server for .json and .mdx content)\n";

/** `momenta lsp --stdio`: serve the protocol on stdin/stdout until the editor exits. */
export function cli(args: readonly string[], io: { stderr(text: string): void }): void {
  if (args.length !== 1 || args[0] !== "--stdio") {
    io.stderr(USAGE);
    process.exitCode = 2;
    return;
  }
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const server = createServer(connection);
  // the mirror of unsaved text goes with the process, however it ends
  process.once("exit", () => server.project()?.dispose());
  connection.listen();
}
