// The loader's one report path: a load-time problem becomes a diagnostic of its rule, by message id
import type { ZodTypeAny } from "zod";
import { parseRule } from "../catalog/parse.ts";
import { explainZodIssues, schemaRule } from "../catalog/schema.ts";
import { unsafeInputRule } from "../catalog/unsafe-input.ts";
import type { Diagnostic, JsonPath } from "../diagnostic.ts";
import { formatMessage, type RuleMeta } from "../rule.ts";
import type { SourceFile } from "../source/file.ts";
import type { JsonLimits, JsonProblem } from "../source/json.ts";

export interface ReportExtra {
  path?: JsonPath;
  /** Which of the rule's help templates to fill (a `<messageId>.<variant>` key; default: the message id). */
  helpId?: string;
  related?: Diagnostic["related"];
  /** The help as an edit of the file's text (see `Diagnostic.fix`). */
  fix?: { start: number; end: number; text: string; suggestion?: true };
  /** Overrides the rule's default severity for this message (a case clearly worse than the rule's usual one). */
  severity?: Diagnostic["severity"];
}

/**
 * The one report path, for load-time checks and graph rules alike: every message id must be one of the rule's, the
 * message and help come from its meta, filled from the report's data.
 */
export class Collector {
  readonly diagnostics: Diagnostic[] = [];

  add(
    source: SourceFile,
    meta: RuleMeta,
    messageId: string,
    data: Record<string, string | number>,
    start: number,
    end: number,
    extra: ReportExtra = {},
  ): void {
    const template = meta.messages[messageId];
    if (template === undefined) throw new Error(`rule ${meta.id} has no message \`${messageId}\``);
    const options: Parameters<SourceFile["diagnostic"]>[0] = {
      ruleId: meta.id,
      messageId,
      severity: extra.severity ?? meta.defaultSeverity,
      message: formatMessage(template, data),
      start,
      end,
    };
    if (extra.path) options.path = extra.path;
    // the rule's help is a template like its message (no report passes help text of its own)
    const helpId = extra.helpId ?? messageId;
    if (extra.helpId && (meta.help?.[helpId] === undefined || !helpId.startsWith(`${messageId}.`)))
      throw new Error(`rule ${meta.id} has no help \`${helpId}\` for \`${messageId}\``);
    const helpTemplate = meta.help?.[helpId];
    const help = helpTemplate === undefined ? undefined : formatMessage(helpTemplate, data);
    if (help) options.help = help;
    if (extra.related) options.related = extra.related;
    if (extra.fix) options.fix = extra.fix;
    this.diagnostics.push(source.diagnostic(options));
  }
}

/** The JSON parser's problems (data, never message text parsed back) as diagnostics of `parse` and `unsafe-input`. */
export function reportJsonProblems(
  collector: Collector,
  source: SourceFile,
  problems: readonly JsonProblem[],
  limits: JsonLimits,
): void {
  for (const problem of problems) {
    const related = problem.related
      ? [source.related(problem.related.start, problem.related.end, problem.related.message)]
      : [];
    switch (problem.messageId) {
      case "syntax":
        collector.add(
          source,
          parseRule.meta,
          "syntax",
          { detail: problem.message },
          problem.start,
          problem.end,
        );
        break;
      case "empty":
        collector.add(source, parseRule.meta, "empty", {}, 0, 0);
        break;
      case "duplicate-key":
        collector.add(
          source,
          parseRule.meta,
          "duplicate-key",
          { key: problem.data?.key ?? "" },
          problem.start,
          problem.end,
          { related },
        );
        break;
      case "too-deep":
        collector.add(
          source,
          unsafeInputRule.meta,
          "too-deep",
          { limit: limits.maxDepth },
          problem.start,
          problem.end,
        );
        break;
      case "too-many-items":
      case "too-many-keys":
        collector.add(
          source,
          unsafeInputRule.meta,
          problem.messageId,
          { limit: problem.messageId === "too-many-keys" ? limits.maxObjectKeys : limits.maxArrayItems },
          problem.start,
          problem.end,
        );
        break;
      case "forbidden-key":
        collector.add(
          source,
          unsafeInputRule.meta,
          "forbidden-key",
          { key: problem.data?.key ?? "" },
          problem.start,
          problem.end,
        );
        break;
      case "string-too-long":
        collector.add(
          source,
          unsafeInputRule.meta,
          "string-too-long",
          { length: problem.data?.length ?? 0, limit: limits.maxStringLength },
          problem.start,
          problem.end,
        );
        break;
    }
  }
}

/**
 * zod issues as `schema` diagnostics, placed by the file's JSON tree or by `locate` (frontmatter). `prefix` is where
 * `value` sits in the file (a pack entry's `source` object is checked on its own); a JSON key or string gets the
 * did-you-mean as a fix, frontmatter (YAML) only the help.
 */
export function reportSchema(
  source: SourceFile,
  issues: Parameters<typeof explainZodIssues>[0],
  schema: ZodTypeAny,
  collector: Collector,
  value: unknown,
  locate?: (path: JsonPath) => { start: number; end: number },
  prefix: JsonPath = [],
): void {
  for (const problem of explainZodIssues(issues, schema, value)) {
    const path = prefix.length ? [...prefix, ...problem.path] : problem.path;
    const at = locate ? locate(path) : source.locate(path, problem.key ? { key: true } : {});
    const extra: ReportExtra = { path };
    if (problem.helpId) extra.helpId = problem.helpId;
    if (problem.fix !== undefined && !locate) extra.fix = { ...at, text: JSON.stringify(problem.fix) };
    collector.add(source, schemaRule.meta, problem.messageId, problem.data, at.start, at.end, extra);
  }
}
