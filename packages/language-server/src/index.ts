// @momenta/language-server: `momenta lsp --stdio` and the server it starts
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { createServer } from "./server.ts";

export { complete, openReference } from "./completion.ts";
export { Project } from "./project.ts";
export { createServer, RELINT_DELAY_MS, type Server } from "./server.ts";

export const USAGE = "usage: momenta lsp --stdio   (a language server for .json and .mdx content)\n";

/** `momenta lsp --stdio`: serve the protocol on stdin/stdout until the editor exits (exit code 2: usage). */
export function cli(
  args: readonly string[],
  io: { stdout(text: string): void; stderr(text: string): void },
): number {
  // asked for: the usage on stdout, exit 0 (as `momenta --help`); a wrong call gets it on stderr, exit 2
  if (args.length === 1 && (args[0] === "--help" || args[0] === "-h")) {
    io.stdout(USAGE);
    return 0;
  }
  if (args.length !== 1 || args[0] !== "--stdio") {
    io.stderr(USAGE);
    return 2;
  }
  const connection = createConnection(ProposedFeatures.all, process.stdin, process.stdout);
  const server = createServer(connection);
  // the mirror of unsaved text goes with the process, however it ends
  process.once("exit", () => server.project()?.dispose());
  connection.listen();
  return 0;
}
