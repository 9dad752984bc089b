// Entry point of the standalone (bundled) `momenta` CLI: pack commands first, then the regular CLI
import { registeredSubcommand } from "./commands.ts";
import { exitQuietlyWhenPipeCloses } from "./fs/closed-pipe.ts";
import { run } from "./main.ts";
import { PACK_HELP, runPackCommand } from "./pack.ts";

exitQuietlyWhenPipeCloses();
const argv = process.argv.slice(2);
const io = {
  cwd: process.cwd(),
  stdout: (text: string) => process.stdout.write(text),
  stderr: (text: string) => process.stderr.write(text),
  isTty: process.stdout.isTTY === true && !process.env.NO_COLOR,
};
const packCode = runPackCommand(argv, io);
if (packCode !== undefined) process.exitCode = packCode;
else {
  process.exitCode = run(argv, io);
  // a registered subcommand's own `--help` (`momenta lsp --help`) is that command's, without the pack commands
  const askedForHelp =
    !registeredSubcommand(argv[0]) && (argv[0] === "help" || argv.includes("--help") || argv.includes("-h"));
  if (process.exitCode === 0 && askedForHelp) io.stdout(`\n${PACK_HELP}`);
}
