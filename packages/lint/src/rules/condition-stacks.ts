// Rule `condition-stacks`: `[[Grabbed 4]]` respects the condition's cap; parameters like Wracked's damage type exist
import type { Entry, ReferenceText, Resolution } from "@momenta/content";
import { CLOSED_SET_ITEMS, defineRule, docsUrl, listOf, type ReportBase, suggest } from "@momenta/content";
import type { Condition } from "@momenta/schema";
import {
  forEachCheckedReference,
  KNOCK_ON,
  knockOn,
  referenceTarget,
  unloadedTarget,
  writeReference,
} from "./util.ts";

export const conditionStacksRule = defineRule({
  meta: {
    id: "condition-stacks",
    description:
      "Condition references respect the stack cap; applied conditions carry a valid parameter where one is required",
    defaultSeverity: "error",
    stage: "graph",
    // every parameter is checked against the damage types (a condition's own edit re-checks what refers to it, and
    // to the condition its `typeOf` names)
    incremental: { wholeWhen: ["damage-type"] },
    docs: docsUrl("condition-stacks"),
    messages: {
      "over-cap": "`{raw}`: {name} stacks to at most {max}",
      "not-stackable": "`{raw}`: {name} does not stack",
      "zero-stacks": "`{raw}`: a condition needs at least 1 stack",
      "parameter-required": "`{raw}`: {name} needs a {label} in parentheses",
      "parameter-unknown": "`{raw}`: `{parameter}` is not a known {label}",
      "parameter-unexpected": "`{raw}`: {name} takes no parameter",
      "knock-on": KNOCK_ON.message,
    },
    help: {
      "zero-stacks": "write `[[{name} 1]]` or drop the count",
      "not-stackable": "write `[[{name}]]`",
      "over-cap": "use at most `[[{name} {max}{parameter}]]`",
      "parameter-unexpected": "remove the parenthesised part",
      "parameter-required": "write it like `[[{name}{count} (Fire)]]`",
      "parameter-unknown": "use one of {choices}",
      "parameter-unknown.closest": "did you mean `{suggestion}`",
      "parameter-unknown.none": "no {label} is defined in the content yet, so none can be named here",
      "knock-on": KNOCK_ON.help,
    },
  },
  check(context) {
    const { graph, report } = context;
    const damageTypes = new Map(
      graph.byKind("damage-type").map((entry) => [entry.name.toLowerCase(), entry]),
    );
    const conditions = graph.byKind("condition");
    type Problem = ReportBase;
    /** What is wrong with a condition reference depends only on its text and target: worked out once per text. */
    const problemsOf = (reference: ReferenceText, condition: Entry & { data: Condition }): Problem[] => {
      const problems: Problem[] = [];
      const { stackable, parameter } = condition.data;
      const raw = reference.raw;
      const name = condition.name;
      // a count is only a stack count when the name without it is what resolved
      const count = reference.count !== undefined && reference.target !== name ? reference.count : undefined;
      if (count !== undefined) {
        if (count < 1)
          problems.push({
            messageId: "zero-stacks",
            data: { raw, name },
            fix: { text: writeReference(reference, { count: 1 }), suggestion: true },
          });
        else if (stackable === false && count > 1)
          problems.push({
            messageId: "not-stackable",
            data: { raw, name },
            fix: { text: writeReference(reference, { count: undefined }), suggestion: true },
          });
        else if (typeof stackable === "object" && count > stackable.max)
          problems.push({
            messageId: "over-cap",
            // keep the parameter: `[[Wracked 3]]` alone would itself be an error (it needs a damage type)
            data: {
              raw,
              name,
              max: stackable.max,
              parameter: reference.parameter !== undefined ? ` (${reference.parameter})` : "",
            },
            // the edit keeps what the help leaves out (qualifier, anchor, label): only the count changes
            fix: { text: writeReference(reference, { count: stackable.max }), suggestion: true },
          });
      }
      if (!parameter) {
        if (reference.parameter !== undefined)
          problems.push({
            messageId: "parameter-unexpected",
            data: { raw, name },
            fix: { text: writeReference(reference, { parameter: undefined }), suggestion: true },
          });
        return problems;
      }
      if (reference.parameter === undefined) {
        // a bare [[Wracked]] names the condition; only an application (with stacks) must say which kind
        if (parameter.required && count !== undefined)
          problems.push({
            messageId: "parameter-required",
            data: { raw, name, label: parameter.label.toLowerCase(), count: count ? ` ${count}` : "" },
          });
        return problems;
      }
      const value = reference.parameter;
      const known =
        parameter.of === "damage-type"
          ? [...damageTypes.values()].map((entry) => entry.name)
          : conditions.filter((entry) => entry.data.typeOf === condition.id).map((entry) => entry.name);
      if (!known.some((option) => option.toLowerCase() === value.toLowerCase())) {
        // a damage type (or a condition of this type) whose file did not parse: its knock-on, not "use one of"
        const kind = parameter.of === "damage-type" ? "damage-type" : "condition";
        const unloaded = unloadedTarget(graph, undefined, { kind, target: value });
        if (unloaded) {
          problems.push(knockOn(graph, unloaded, raw));
          return problems;
        }
        // the values are the content's own: a help lists them, never invites a new entry (an invented rule)
        const [closest] = suggest(value, known, 1);
        const helpId = closest
          ? "parameter-unknown.closest"
          : known.length
            ? undefined
            : "parameter-unknown.none";
        problems.push({
          messageId: "parameter-unknown",
          data: {
            raw,
            parameter: value,
            label: parameter.label.toLowerCase(),
            choices: listOf(
              known.map((option) => `\`${option}\``),
              { max: CLOSED_SET_ITEMS },
            ),
            suggestion: closest ? writeReference(reference, { parameter: closest }) : "",
          },
          ...(helpId && { helpId }),
          ...(closest && { fix: { text: writeReference(reference, { parameter: closest }) } }),
        });
      }
      return problems;
    };
    const memo = new Map<ReferenceText, Problem[]>();
    const problemsFor = (reference: ReferenceText, resolution: Resolution): Problem[] => {
      if (!resolution.ok || resolution.target.kind !== "condition") return NONE;
      const condition = resolution.target as Entry & { data: Condition };
      if (!condition.valid) return NONE;
      let problems = memo.get(reference);
      if (!problems) {
        problems = problemsOf(reference, condition);
        memo.set(reference, problems);
      }
      return problems;
    };
    forEachCheckedReference(
      context,
      (resolved, owner) => {
        for (const problem of problemsFor(resolved.reference, resolved.resolution))
          report({ ...referenceTarget(owner, resolved), ...problem });
      },
      (reference, resolution) => problemsFor(reference, resolution).length > 0,
    );
  },
});

const NONE: never[] = [];
