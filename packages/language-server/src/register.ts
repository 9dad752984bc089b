// Adds `momenta lsp` to the validator's CLI: imported (for its effect) before the CLI entry runs
import { registerSubcommand } from "@momenta/cli";
import { cli } from "./index.ts";

registerSubcommand(
  "lsp",
  cli,
  "momenta lsp --stdio               the language server for .json and .mdx content (editors start it)",
);
