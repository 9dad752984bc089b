// Public API of @momenta/cli: the `momenta` command table (for `lsp` to register itself), atomic writes, init-pack
export { UsageError } from "./args.ts";
export { registerSubcommand, type Subcommand } from "./commands.ts";
export { assertNoSymlinks, WriteError, writeFileAtomicSync } from "./fs/atomic-write.ts";
export { mergeEditorSettings, parseSettings } from "./fs/editor-settings.ts";
export { type WatchHandle, watchContent } from "./fs/watch-folders.ts";
export { initPack, scaffoldFiles } from "./init-pack.ts";
export type { CliIo } from "./io.ts";
