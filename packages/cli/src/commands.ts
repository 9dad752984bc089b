// Subcommands another package adds to `momenta` (the language server's `lsp`), registered by the entry that composes them
import type { CliIo } from "./io.ts";

/** Runs a subcommand with the arguments after its name; returns the exit code (0 while it keeps serving). */
export type Subcommand = (args: readonly string[], io: CliIo) => number;

// the validator never imports the packages built on it: they register here, so dependencies point one way
const SUBCOMMANDS = new Map<string, { run: Subcommand; usage: string | undefined }>();

/** `usage` is its line in `momenta --help` (`momenta lsp --stdio   what it does`); the help lists only what is registered. */
export function registerSubcommand(name: string, run: Subcommand, usage?: string): void {
  SUBCOMMANDS.set(name, { run, usage });
}

/** The help lines of the registered subcommands, in registration order. */
export function subcommandUsages(): string[] {
  return [...SUBCOMMANDS.values()].flatMap((command) => (command.usage ? [command.usage] : []));
}

export function registeredSubcommand(name: string | undefined): Subcommand | undefined {
  return name === undefined ? undefined : SUBCOMMANDS.get(name)?.run;
}
