// Rule `schema`: zod issues rewritten for humans — dotted path first, unions folded, "did you mean" for keys and enums
import {
  fieldSchema,
  objectFieldShape,
  objectKeys,
  schemaAtPath,
  unionForms,
  valuesAtPath,
} from "@momenta/schema";
import type { ZodIssue, ZodTypeAny } from "zod";
import { formatPath, type JsonPath } from "../diagnostic.ts";
import { defineRule, docsUrl } from "../rule.ts";
import { suggest } from "../suggest.ts";

/** The schemas' refinement checks by `params.code`: each is a message id of its own (text from the schema). */
const REFINEMENTS = {
  "ancestry-unlisted": "`{path}`: {detail}",
  "bonus-effect-ladder": "`{path}`: {detail}",
  "damage-ladder-mismatch": "`{path}`: {detail}",
  "damage-ladder-required": "`{path}`: {detail}",
  "definition-required": "`{path}`: {detail}",
  "duplicate-art": "`{path}`: {detail}",
  "effect-or-attack": "`{path}`: {detail}",
  "effect-tracks": "`{path}`: {detail}",
  "guard-bonus-mismatch": "`{path}`: {detail}",
  "missing-forbidden": "`{path}`: {detail}",
  "missing-required": "`{path}`: {detail}",
  "prerequisite-category": "`{path}`: {detail}",
  "rank-sum": "`{path}`: {detail}",
  "roll-penalty-mismatch": "`{path}`: {detail}",
  "stat-block-field-required": "`{path}`: {detail}",
  "unsupported-with-fields": "`{path}`: {detail}",
  "version-range": "`{path}`: {detail}",
} as const;

export const schemaRule = defineRule({
  meta: {
    id: "schema",
    description: "Entries and chapter frontmatter match their kind's schema",
    defaultSeverity: "error",
    stage: "load",
    docs: docsUrl("schema"),
    messages: {
      "invalid-type": "`{path}`: expected {expected}, got {received}",
      required: "`{path}`: required field is missing",
      "unknown-key": "unknown key `{path}`",
      enum: "`{path}`: `{value}` is not one of {options}",
      union: "`{path}`: expected {alternatives}",
      invalid: "`{path}`: {detail}",
      ...REFINEMENTS,
    },
    help: {
      // a field of a closed set: its values, from the kind's schema
      "required.choices": "add it: one of {options}",
      // an object field: how to fill it in, from the kind's schema
      "required.variant": "add it: an object whose `{discriminator}` is one of {options}",
      "required.object": "add it: an object with {keys}",
      "enum.closest": "did you mean `{closest}`",
      // a value the field's pattern refuses: what the field must be, from the kind's schema
      "invalid.described": "it must be: {description}",
      "unknown-key": "remove it: this kind has no such field",
      "unknown-key.closest": "did you mean `{closest}`",
      // the misspelled field is a required one, whose own "required field is missing" this replaces
      "unknown-key.required": "did you mean `{closest}`, a required field that is missing",
    },
  },
});

/** One human-readable schema problem, positioned by path (`key` marks the property name itself). */
export interface SchemaProblem {
  messageId: keyof typeof schemaRule.meta.messages & string;
  data: Record<string, string>;
  path: JsonPath;
  key?: boolean;
  /** Which of the rule's help templates to fill (`required.choices`), filled from `data`. */
  helpId?: string;
  /** The help as an edit: the key's or value's new text (unescaped), when it is a did-you-mean. */
  fix?: string;
}

const ARTICLE: Record<string, string> = {
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "true or false",
  object: "an object",
  array: "an array",
  null: "null",
  undefined: "nothing",
};
const describeType = (type: string) => ARTICLE[type] ?? type;

/** Keys the (sub-)schema at a data path allows; for "did you mean" on keys. */
function keysAt(schema: ZodTypeAny, path: JsonPath): string[] {
  return objectKeys(schemaAtPath(schema, path));
}

const quote = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));
const list = (values: readonly unknown[]) =>
  values.length <= 8
    ? values.map((value) => `\`${quote(value)}\``).join(", ")
    : `${values
        .slice(0, 8)
        .map((value) => `\`${quote(value)}\``)
        .join(", ")} … (${values.length} values)`;
const pathText = (path: JsonPath) => formatPath(path) || "(entry)";

function valueAt(value: unknown, path: JsonPath): unknown {
  let current = value;
  for (const segment of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

/** Depth a failing union branch got to before failing: the branch the author most likely meant. */
function progress(issues: ZodIssue[]): number {
  let best = 0;
  for (const issue of issues) {
    const depth =
      issue.path.length + (issue.code === "invalid_type" && issue.received === "undefined" ? 0 : 0.5);
    if (depth > best) best = depth;
  }
  return best;
}

/** Rewrite zod issues into problems a human can act on; `value` is the data that failed. */
export function explainZodIssues(
  issues: readonly ZodIssue[],
  schema: ZodTypeAny,
  value?: unknown,
): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const seen = new Set<string>();
  const push = (problem: SchemaProblem) => {
    if (problem.messageId === "required" && !problem.helpId) {
      const values = valuesAtPath(schema, problem.path);
      const at = values ? undefined : schemaAtPath(schema, problem.path);
      const shape = values ? undefined : objectFieldShape(at);
      const forms = values || shape ? undefined : unionForms(at);
      if (values) {
        problem.data.options = list(values);
        problem.helpId = "required.choices";
      } else if (shape && "discriminator" in shape) {
        problem.data.discriminator = shape.discriminator;
        problem.data.options = list(shape.values);
        problem.helpId = "required.variant";
      } else if (shape && shape.keys.length > 0) {
        problem.data.keys = shape.keys.map((key) => `\`${key}\``).join(", ");
        problem.helpId = "required.object";
      } else if (forms && forms.length > 0) {
        problem.data.options = forms
          .map((form) =>
            "value" in form
              ? `\`${quote(form.value)}\``
              : `an object with ${form.keys.map((key) => `\`${key}\``).join(", ")}`,
          )
          .join(", ");
        problem.helpId = "required.choices";
      }
    }
    const key = `${formatPath(problem.path)}|${problem.messageId}|${JSON.stringify(problem.data)}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push(problem);
  };
  const visit = (issue: ZodIssue) => {
    const path = issue.path;
    switch (issue.code) {
      case "invalid_type":
        if (issue.received === "undefined")
          push({ messageId: "required", data: { path: pathText(path) }, path });
        else
          push({
            messageId: "invalid-type",
            data: {
              path: pathText(path),
              expected: describeType(issue.expected),
              received: describeType(issue.received),
            },
            path,
          });
        return;
      case "unrecognized_keys": {
        // a field the entry already has is no spelling of this key: renaming to it would make a duplicate key
        const present = valueAt(value, path);
        const taken = new Set(present && typeof present === "object" ? Object.keys(present) : []);
        const free = keysAt(schema, path).filter((known) => !taken.has(known));
        for (const key of issue.keys) {
          const [closest] = suggest(key, free, 1);
          const problem: SchemaProblem = {
            messageId: "unknown-key",
            data: { path: pathText([...path, key]), key },
            path: [...path, key],
            key: true,
          };
          if (closest) {
            problem.data.closest = closest;
            problem.helpId = "unknown-key.closest";
            problem.fix = closest;
          }
          push(problem);
        }
        return;
      }
      case "invalid_enum_value": {
        const [closest] = suggest(String(issue.received), issue.options.map(String), 1);
        const problem: SchemaProblem = {
          messageId: "enum",
          data: { path: pathText(path), value: String(issue.received), options: list(issue.options) },
          path,
        };
        if (closest) {
          problem.data.closest = closest;
          problem.helpId = "enum.closest";
        }
        if (closest && typeof issue.received === "string") problem.fix = closest;
        push(problem);
        return;
      }
      case "invalid_literal":
        push({
          messageId: "invalid",
          data: { path: pathText(path), detail: `expected \`${quote(issue.expected)}\`` },
          path,
        });
        return;
      case "invalid_union": {
        if (value !== undefined && valueAt(value, path) === undefined) {
          push({ messageId: "required", data: { path: pathText(path) }, path });
          return;
        }
        const branches = issue.unionErrors.map((error) => error.issues);
        const scored = branches
          .map((branch) => ({ branch, score: progress(branch) }))
          .sort((a, b) => b.score - a.score || a.branch.length - b.branch.length);
        const best = scored[0];
        const rootOnly = scored.every(
          ({ branch }) =>
            branch.length === 1 &&
            (branch[0]?.code === "invalid_type" || branch[0]?.code === "invalid_literal") &&
            branch[0].path.length === path.length,
        );
        if (!best || rootOnly) {
          const alternatives = [
            ...new Set(
              branches.map((branch) => {
                const first = branch[0];
                if (first?.code === "invalid_type") return describeType(first.expected);
                if (first?.code === "invalid_literal") return `\`${quote(first.expected)}\``;
                return "another shape";
              }),
            ),
          ];
          if (
            alternatives.length === 1 &&
            branches[0]?.[0]?.code === "invalid_type" &&
            branches[0][0].received === "undefined"
          )
            push({ messageId: "required", data: { path: pathText(path) }, path });
          else
            push({
              messageId: "union",
              data: { path: pathText(path), alternatives: alternatives.join(" or ") },
              path,
            });
          return;
        }
        for (const inner of best.branch) visit(inner);
        return;
      }
      case "invalid_union_discriminator": {
        const received = valueAt(value, path);
        const options = issue.options.map(String);
        if (received === undefined) {
          push({ messageId: "required", data: { path: pathText(path) }, path });
          return;
        }
        const problem: SchemaProblem = {
          messageId: "enum",
          data: { path: pathText(path), value: quote(received), options: list(options) },
          path,
        };
        const [closest] = suggest(String(received), options, 1);
        if (closest) {
          problem.data.closest = closest;
          problem.helpId = "enum.closest";
        }
        if (closest && typeof received === "string") problem.fix = closest;
        push(problem);
        return;
      }
      default: {
        const detail = (issue.message || issue.code).replace(/\.$/, "");
        // a refinement names its check (`params.code`): that is its message id, so tests and tools can tell them apart
        const code =
          issue.code === "custom" ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
        const messageId =
          typeof code === "string" && code in REFINEMENTS ? (code as SchemaProblem["messageId"]) : "invalid";
        const problem: SchemaProblem = {
          messageId,
          data: { path: pathText(path), detail: detail.charAt(0).toLowerCase() + detail.slice(1) },
          path,
        };
        // the field as its parent declares it: `.describe()` after `.optional()` sits on the wrapper
        const last = path.at(-1);
        const description =
          messageId === "invalid"
            ? ((typeof last === "string"
                ? fieldSchema(schemaAtPath(schema, path.slice(0, -1)), last)?.description
                : undefined) ?? schemaAtPath(schema, path)?.description)
            : undefined;
        if (description) {
          problem.data.description =
            description.charAt(0).toLowerCase() + description.slice(1).replace(/\.$/, "");
          problem.helpId = "invalid.described";
        }
        push(problem);
      }
    }
  };
  for (const issue of issues) visit(issue);
  return foldMisspelledRequired(problems);
}

/**
 * A required field written with a typo (`stackabel`) is one mistake: the unknown key, whose did-you-mean is the
 * missing field, says so, and the field's own "required field is missing" goes.
 */
function foldMisspelledRequired(problems: SchemaProblem[]): SchemaProblem[] {
  const required = new Map<string, SchemaProblem>();
  for (const problem of problems)
    if (problem.messageId === "required") required.set(formatPath(problem.path), problem);
  if (required.size === 0) return problems;
  const folded = new Set<SchemaProblem>();
  for (const problem of problems) {
    if (problem.messageId !== "unknown-key" || problem.fix === undefined) continue;
    const missing = required.get(formatPath([...problem.path.slice(0, -1), problem.fix]));
    if (!missing || folded.has(missing)) continue;
    folded.add(missing);
    problem.helpId = "unknown-key.required";
  }
  return folded.size === 0 ? problems : problems.filter((problem) => !folded.has(problem));
}
