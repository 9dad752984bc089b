// The lint configuration (momenta.config.json): read on every lint, its mistakes positioned `config` diagnostics, never fatal
import { relative, resolve } from "node:path";
import {
  Collector,
  type ContentFiles,
  DISK_FILES,
  type Diagnostic,
  decodeUtf8,
  docsUrl,
  encodingRule,
  isInside,
  type JsonPath,
  parseJson,
  parseRule,
  type RuleMeta,
  type SeveritySetting,
  SourceFile,
  suggest,
  toPosix,
  unsafeInputRule,
  untrustedProseRule,
} from "@momenta/content";
import { CONFIG_FILE, configSchema } from "@momenta/schema";
import type { ZodIssue } from "zod";
import { compileGlob, globMatches } from "./glob.ts";
import { PACK_RULES, packRule } from "./pack/rules.ts";
import { RULES } from "./rules/index.ts";
import { mdxCodeRule } from "./rules/mdx-code.ts";

/** Larger than any configuration anyone writes; past it the file is refused unread. */
const MAX_CONFIG_BYTES = 1 << 20;
const FIELDS = ["$schema", "rules", "ignore"];
const SEVERITIES = ["off", "warn", "error"];

/**
 * The rules that keep an untrusted pack from reaching a reader as anything but inert text: a pack's configuration
 * can neither change their severity nor ignore the files they report (the core's own configuration can).
 */
export const SAFETY_RULES: ReadonlySet<string> = new Set(
  [encodingRule, mdxCodeRule, packRule, parseRule, unsafeInputRule, untrustedProseRule].map(
    (rule) => rule.meta.id,
  ),
);

export const configMeta: RuleMeta = {
  id: "config",
  description:
    "The lint configuration (momenta.config.json) must be valid JSON naming known rules and severities",
  defaultSeverity: "error",
  stage: "load",
  docs: docsUrl("config"),
  messages: {
    json: "the configuration is not valid JSON: {detail}",
    unreadable: "`{file}` cannot be read ({reason}), so none of its settings apply",
    "unknown-field": "unknown field `{key}` in the configuration",
    invalid: "`{path}` {detail}",
    severity: "`{value}` is not a severity (rule `{rule}`)",
    "unknown-rule": "there is no rule `{rule}`",
    "safety-rule":
      "a pack's configuration cannot change `{rule}`: it keeps a pack's text inert wherever it is read",
  },
  help: {
    json: "fix the JSON; until it parses, every rule keeps its default severity and nothing is ignored",
    "json.kept": "fix the JSON; until it parses, the last configuration that did stays applied",
    unreadable: "check the path given to `--config`, or make the file readable",
    "unknown-field": "the fields are `$schema`, `rules` and `ignore`",
    "unknown-field.suggest": "did you mean `{suggestion}`",
    invalid: "`rules` maps rule ids to `off`, `warn` or `error`; `ignore` is a list of globs",
    severity: "use `off`, `warn` or `error`",
    "severity.suggest": "did you mean `{suggestion}`",
    "unknown-rule": "`momenta lint --list-rules` lists the rule ids",
    "unknown-rule.suggest": "did you mean `{suggestion}`",
    "safety-rule": "remove `{rule}` from `rules`; its diagnostics stay as the rule reports them",
  },
};

/** Every rule id a configuration may name: the registry's, the pack rules and the release rule. */
const RULE_IDS = [...new Set([...RULES, ...PACK_RULES].map((rule) => rule.meta.id))].sort();

/** A configuration as applied: severities, the ignored files, and what was wrong with the file. */
export interface LintConfig {
  /** The file's name as diagnostics give it (relative to the root), when one was read. */
  file?: string;
  source?: SourceFile;
  rules: Record<string, SeveritySetting>;
  /** Whether a file's diagnostics are not reported (`ignore`); its entries are loaded all the same. */
  ignores(file: string): boolean;
  /** Whether this is a pack's configuration, which leaves the safety rules alone. */
  pack: boolean;
  diagnostics: Diagnostic[];
}

export interface ConfigOptions {
  /** The lint's root: the configuration's folder by default, and what diagnostics name files relative to. */
  root: string;
  /** An explicit configuration (absolute, or relative to `root`): it must exist. Default: `<root>/momenta.config.json` if present. */
  path?: string;
  /** A homebrew pack's lint: the safety rules stay as they are. */
  pack?: boolean;
  files?: ContentFiles;
  /**
   * A long-lived lint's last configuration (`lint --watch`, the language server): while the file does not parse
   * (an author typing in it), its severities and ignores stay applied instead of the defaults.
   */
  previous?: LintConfig;
}

const NOTHING_IGNORED = () => false;

/** No configuration: every rule at its default, nothing ignored (`overrides` still apply). */
export const NO_CONFIG: LintConfig = { rules: {}, ignores: NOTHING_IGNORED, pack: false, diagnostics: [] };

/** Read and check the configuration; a missing default file is no configuration, a broken one a diagnostic. */
export function loadConfig(options: ConfigOptions): LintConfig {
  const root = resolve(options.root);
  const files = options.files ?? DISK_FILES;
  const path = resolve(root, options.path ?? CONFIG_FILE);
  const file = isInside(root, path) ? toPosix(relative(root, path)) : toPosix(path);
  const config: LintConfig = {
    rules: {},
    ignores: NOTHING_IGNORED,
    pack: options.pack === true,
    diagnostics: [],
  };
  const collector = new Collector();
  let bytes: Uint8Array | { tooLarge: number };
  try {
    const stats = files.lstat(path);
    // never through a symlink, never a special file: the configuration is read as untrusted as the content
    if (!stats.isFile()) throw Object.assign(new Error("not a regular file"), { code: "ENOTFILE" });
    bytes = files.read(path, MAX_CONFIG_BYTES);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" && options.path === undefined) return config;
    const reason =
      code === "ENOENT"
        ? "no such file"
        : code === "EACCES"
          ? "permission denied"
          : code === "ENOTFILE"
            ? "not a regular file"
            : (code ?? "error");
    collector.add(new SourceFile(file, ""), configMeta, "unreadable", { file, reason }, 0, 0);
    return { ...config, file, diagnostics: collector.diagnostics };
  }
  if ("tooLarge" in bytes) {
    const reason = `${bytes.tooLarge} bytes, more than ${MAX_CONFIG_BYTES}`;
    collector.add(new SourceFile(file, ""), configMeta, "unreadable", { file, reason }, 0, 0);
    return { ...config, file, diagnostics: collector.diagnostics };
  }
  const decoded = decodeUtf8(bytes);
  const source = new SourceFile(file, decoded.text);
  config.file = file;
  config.source = source;
  config.diagnostics = collector.diagnostics;
  // a file that does not parse says nothing about the settings: a long-lived lint keeps its last ones
  const kept = options.previous;
  const unparsed = (): LintConfig =>
    kept ? { ...config, rules: kept.rules, ignores: kept.ignores } : config;
  const json = kept ? { helpId: "json.kept" } : {};
  if (decoded.invalidUtf8At !== undefined) {
    const detail = `not UTF-8 (the first bad byte is at byte ${decoded.invalidUtf8At})`;
    collector.add(source, configMeta, "json", { detail }, 0, 0, json);
    return unparsed();
  }
  const parsed = parseJson(source.text);
  if (parsed.problems.length > 0 || parsed.value === undefined) {
    for (const problem of parsed.problems)
      collector.add(
        source,
        configMeta,
        "json",
        { detail: problem.message },
        problem.start,
        problem.end,
        json,
      );
    return unparsed();
  }
  let result = configSchema.safeParse(parsed.value);
  if (!result.success) {
    for (const issue of result.error.issues) reportIssue(collector, source, issue, parsed.value);
    // each mistake is skipped, the rest applies: the file without what was reported
    result = configSchema.safeParse(withoutIssues(parsed.value, result.error.issues));
    if (!result.success) return config;
  }
  const { rules = {}, ignore = [] } = result.data;
  for (const [rule, severity] of Object.entries(rules)) {
    const at = source.locate(["rules", rule], { key: true });
    if (!RULE_IDS.includes(rule)) {
      const [suggestion] = suggest(rule, RULE_IDS, 1);
      collector.add(
        source,
        configMeta,
        "unknown-rule",
        { rule, suggestion: suggestion ?? "" },
        at.start,
        at.end,
        {
          path: ["rules", rule],
          ...(suggestion ? { helpId: "unknown-rule.suggest" } : {}),
        },
      );
    } else if (config.pack && SAFETY_RULES.has(rule))
      collector.add(source, configMeta, "safety-rule", { rule }, at.start, at.end, { path: ["rules", rule] });
    else config.rules[rule] = severity;
  }
  if (ignore.length > 0) {
    const globs = ignore.map(compileGlob);
    config.ignores = (name) => globs.some((glob) => globMatches(glob, name));
  }
  return config;
}

/** A copy of the file's value without the fields (or rules' settings, or unknown keys) the schema refused. */
function withoutIssues(value: unknown, issues: readonly ZodIssue[]): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (copy.rules && typeof copy.rules === "object") copy.rules = { ...(copy.rules as object) };
  for (const issue of issues) {
    const [field, rule] = issue.path.map(String);
    if (issue.code === "unrecognized_keys" && issue.path.length === 0)
      for (const key of issue.keys) delete copy[key];
    else if (field === "rules" && rule !== undefined && issue.path.length === 2)
      delete (copy.rules as Record<string, unknown>)[rule];
    else if (field !== undefined) delete copy[field];
  }
  return copy;
}

/** A schema problem at its place in the file: an unknown field at its key, a bad severity at its value. */
function reportIssue(collector: Collector, source: SourceFile, issue: ZodIssue, data: unknown): void {
  const path = issue.path as JsonPath;
  if (issue.code === "unrecognized_keys") {
    for (const key of issue.keys) {
      const at = source.locate([...path, key], { key: true });
      const [suggestion] = path.length === 0 ? suggest(key, FIELDS, 1) : [];
      collector.add(
        source,
        configMeta,
        "unknown-field",
        { key, suggestion: suggestion ?? "" },
        at.start,
        at.end,
        {
          path: [...path, key],
          ...(suggestion ? { helpId: "unknown-field.suggest" } : {}),
        },
      );
    }
    return;
  }
  const at = source.locate(path);
  if (
    (issue.code === "invalid_enum_value" || issue.code === "invalid_type") &&
    path[0] === "rules" &&
    path.length === 2
  ) {
    const given = (data as { rules: Record<string, unknown> }).rules[String(path[1])];
    const value = typeof given === "string" ? given : JSON.stringify(given);
    // ESLint's habits: `"warning"`, `"error!"`, and its numbers 0, 1 and 2
    const suggestion =
      SEVERITIES.find((severity) => value.toLowerCase().startsWith(severity)) ??
      (typeof given === "number" ? SEVERITIES[given] : undefined) ??
      suggest(value, SEVERITIES, 1)[0];
    collector.add(
      source,
      configMeta,
      "severity",
      { value, rule: String(path[1]), suggestion: suggestion ?? "" },
      at.start,
      at.end,
      { path, ...(suggestion ? { helpId: "severity.suggest" } : {}) },
    );
    return;
  }
  const shown = path.length === 0 ? "the configuration" : path.join(".");
  collector.add(
    source,
    configMeta,
    "invalid",
    { path: shown, detail: issue.message.toLowerCase() },
    at.start,
    at.end,
    {
      path,
    },
  );
}

/**
 * The configuration and the command line's `--rule` (which wins) over a lint's diagnostics: severities set, rules
 * turned off dropped, ignored files' diagnostics dropped — except, for a pack, those of the safety rules.
 */
export function applyConfig(
  diagnostics: readonly Diagnostic[],
  config: LintConfig,
  overrides: Record<string, SeveritySetting> = {},
): Diagnostic[] {
  const settings = { ...config.rules, ...overrides };
  const out: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    if (config.ignores(diagnostic.file) && !(config.pack && SAFETY_RULES.has(diagnostic.ruleId))) continue;
    const setting = settings[diagnostic.ruleId];
    if (setting === "off") continue;
    out.push(setting ? { ...diagnostic, severity: setting } : diagnostic);
  }
  return out;
}
