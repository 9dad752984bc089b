// Schema of the lint configuration file (momenta.config.json): rule severities and ignored paths, as JSON so reading it never runs code
import { z } from "zod";

/** File name of the configuration, at the lint's root (the repository, or a homebrew repository's root). */
export const CONFIG_FILE = "momenta.config.json";

/** What a rule may be set to: dropped, a warning, or an error. */
export const configSeveritySchema = z
  .enum(["off", "warn", "error"])
  .describe("`off` drops the rule's diagnostics, `warn` reports them as warnings, `error` as errors");

/** More ignore globs than any project writes; the cap bounds what matching a pack's untrusted globs may cost. */
export const MAX_IGNORE_GLOBS = 100;
/** Longer than any real path's glob, for the same reason. */
export const MAX_GLOB_LENGTH = 256;

export const configSchema = z
  .object({
    $schema: z
      .string()
      .optional()
      .describe(
        "The JSON Schema editors check this file against (packages/schema/json-schema/config.schema.json)",
      ),
    rules: z
      .record(z.string(), configSeveritySchema)
      .optional()
      .describe(
        "Severity per rule id (`momenta lint --list-rules` lists them); a rule not named keeps its default. `--rule` on the command line wins. A pack's configuration cannot set the safety rules",
      ),
    ignore: z
      .array(z.string().min(1).max(MAX_GLOB_LENGTH))
      .max(MAX_IGNORE_GLOBS)
      .optional()
      .describe(
        "Globs of files (relative to this file's folder; `*` within a name, `?` one character, `**` as a whole segment any number of folders; a folder's glob covers what is under it; at most 100 globs of 256 characters) whose diagnostics are not reported. Their entries are still loaded, so references to them resolve. A pack's safety diagnostics are reported anyway",
      ),
  })
  .strict()
  .describe("Configuration of `momenta lint`: rule severities and ignored files");

export type MomentaConfig = z.infer<typeof configSchema>;
