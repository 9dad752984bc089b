// The configuration file: each mistake a positioned `config` diagnostic while the run goes on, and what it applies
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lintCase, withCase } from "../../../test/support/lint-harness.ts";
import { SAFETY_RULES } from "./config.ts";
import { IncrementalLint } from "./incremental.ts";
import { type LintOptions, lintContentSync } from "./lint.ts";
import { lintPacks } from "./lint-pack.ts";

const REPO = join(import.meta.dirname, "../../..");
const REFERENCES = "references error content/damage-types/cold.json:9:37";
const INCOMPLETE = [
  "incomplete warn content/arts/rend.json:5:13",
  "incomplete warn content/enemies/goblin-skirmisher.json:5:13",
  "incomplete warn content/resonances/ignis.json:5:13",
];

/** Lint the `references/missing` case (one error, three warnings) with `config` written as momenta.config.json. */
function lintWith(config: string | undefined, options: Partial<LintOptions> = {}) {
  return lintCase("references", "missing", options, (root) => {
    if (config !== undefined) writeFileSync(join(root, "momenta.config.json"), config);
  });
}

const shown = (result: ReturnType<typeof lintWith>) =>
  result.diagnostics.map((d) => `${d.ruleId} ${d.severity} ${d.file}:${d.line}:${d.column}`);
const configProblems = (result: ReturnType<typeof lintWith>) =>
  result.diagnostics
    .filter((d) => d.ruleId === "config")
    .map((d) => [
      d.messageId,
      `${d.file}:${d.line}:${d.column}-${d.endLine}:${d.endColumn}`,
      d.message,
      d.help,
    ]);

describe("a malformed configuration is reported where it is wrong, and the run goes on", () => {
  it.each([
    {
      name: "bad JSON: nothing applies",
      config: '{\n  "rules": { "incomplete": "off" },,\n}\n',
      problems: [
        [
          "json",
          "momenta.config.json:2:36-2:37",
          "the configuration is not valid JSON: expected a property name in double quotes",
          "fix the JSON; until it parses, every rule keeps its default severity and nothing is ignored",
        ],
      ],
      rest: [...INCOMPLETE.slice(0, 1), REFERENCES, ...INCOMPLETE.slice(1)],
    },
    {
      name: "an unknown rule id, with a did-you-mean: the other settings apply",
      config: '{ "rules": { "referencse": "off", "incomplete": "off" } }',
      problems: [
        [
          "unknown-rule",
          "momenta.config.json:1:14-1:26",
          "there is no rule `referencse`",
          "did you mean `references`",
        ],
      ],
      rest: [REFERENCES],
    },
    {
      name: "two mistakes, in the order of the file (the severity is checked before the rule ids)",
      config: '{ "rules": { "glossary-mentoin": "off", "incomplete": "warning" } }',
      problems: [
        [
          "unknown-rule",
          "momenta.config.json:1:14-1:32",
          "there is no rule `glossary-mentoin`",
          "did you mean `glossary-mention`",
        ],
        [
          "severity",
          "momenta.config.json:1:55-1:64",
          "`warning` is not a severity (rule `incomplete`)",
          "did you mean `warn`",
        ],
      ],
      rest: [...INCOMPLETE.slice(0, 1), REFERENCES, ...INCOMPLETE.slice(1)],
    },
    {
      name: "an unknown rule id nothing is close to",
      config: '{ "rules": { "spelling": "off" } }',
      problems: [
        [
          "unknown-rule",
          "momenta.config.json:1:14-1:24",
          "there is no rule `spelling`",
          "`momenta lint --list-rules` lists the rule ids",
        ],
      ],
      rest: [...INCOMPLETE.slice(0, 1), REFERENCES, ...INCOMPLETE.slice(1)],
    },
    {
      name: "a bad severity, at its value",
      config: '{\n  "rules": {\n    "incomplete": "warning"\n  }\n}\n',
      problems: [
        [
          "severity",
          "momenta.config.json:3:19-3:28",
          "`warning` is not a severity (rule `incomplete`)",
          "did you mean `warn`",
        ],
      ],
      rest: [...INCOMPLETE.slice(0, 1), REFERENCES, ...INCOMPLETE.slice(1)],
    },
    {
      name: "ESLint's numbers for severities",
      config: '{ "rules": { "incomplete": 0, "references": "off" } }',
      problems: [
        [
          "severity",
          "momenta.config.json:1:28-1:29",
          "`0` is not a severity (rule `incomplete`)",
          "did you mean `off`",
        ],
      ],
      rest: [...INCOMPLETE.slice(0, 1), ...INCOMPLETE.slice(1)],
    },
    {
      name: "an unknown field, at its key",
      config: '{ "ignores": ["content/arts/**"] }',
      problems: [
        [
          "unknown-field",
          "momenta.config.json:1:3-1:12",
          "unknown field `ignores` in the configuration",
          "did you mean `ignore`",
        ],
      ],
      rest: [...INCOMPLETE.slice(0, 1), REFERENCES, ...INCOMPLETE.slice(1)],
    },
    {
      name: "a field of the wrong type",
      config: '{ "ignore": "content/arts/**" }',
      problems: [
        [
          "invalid",
          "momenta.config.json:1:13-1:30",
          "`ignore` expected array, received string",
          "`rules` maps rule ids to `off`, `warn` or `error`; `ignore` is a list of globs",
        ],
      ],
      rest: [...INCOMPLETE.slice(0, 1), REFERENCES, ...INCOMPLETE.slice(1)],
    },
    {
      // the caps bound what matching an untrusted pack's globs may cost
      name: "a glob longer than 256 characters",
      config: `{ "ignore": ["${"a/".repeat(130)}"] }`,
      problems: [
        [
          "invalid",
          "momenta.config.json:1:14-1:276",
          "`ignore.0` string must contain at most 256 character(s)",
          "`rules` maps rule ids to `off`, `warn` or `error`; `ignore` is a list of globs",
        ],
      ],
      rest: [...INCOMPLETE.slice(0, 1), REFERENCES, ...INCOMPLETE.slice(1)],
    },
    {
      name: "more than 100 globs",
      config: `{ "ignore": [${Array.from({ length: 101 }, () => '"x"').join(",")}] }`,
      problems: [
        [
          "invalid",
          "momenta.config.json:1:13-1:418",
          "`ignore` array must contain at most 100 element(s)",
          "`rules` maps rule ids to `off`, `warn` or `error`; `ignore` is a list of globs",
        ],
      ],
      rest: [...INCOMPLETE.slice(0, 1), REFERENCES, ...INCOMPLETE.slice(1)],
    },
  ])("$name", ({ config, problems, rest }) => {
    const result = lintWith(config);
    expect(configProblems(result)).toEqual(problems);
    expect(shown(result).filter((line) => !line.startsWith("config "))).toEqual(rest);
    // a configuration mistake fails the run like any error
    expect(result.errorCount).toBe(rest.filter((line) => line.includes(" error ")).length + problems.length);
  });

  it("a `--config` file that does not exist is an error at its name, not a silent default", () => {
    const result = lintWith(undefined, { config: "no-such.json" });
    expect(configProblems(result)).toEqual([
      [
        "unreadable",
        "no-such.json:1:1-1:2",
        "`no-such.json` cannot be read (no such file), so none of its settings apply",
        "check the path given to `--config`, or make the file readable",
      ],
    ]);
  });

  it("no configuration file is no configuration", () => {
    expect(shown(lintWith(undefined))).toEqual([
      ...INCOMPLETE.slice(0, 1),
      REFERENCES,
      ...INCOMPLETE.slice(1),
    ]);
  });
});

describe("what a configuration applies", () => {
  it.each([
    { name: "a rule turned off", config: { rules: { incomplete: "off" } }, expected: [REFERENCES] },
    {
      name: "an error made a warning",
      config: { rules: { references: "warn" } },
      expected: [INCOMPLETE[0], REFERENCES.replace("error", "warn"), ...INCOMPLETE.slice(1)],
    },
    {
      name: "a folder ignored by glob",
      config: { ignore: ["content/damage-types/**", "content/arts/*.json"] },
      expected: INCOMPLETE.slice(1),
    },
    {
      name: "a folder ignored by its name",
      config: { ignore: ["content/enemies"] },
      expected: [INCOMPLETE[0], REFERENCES, INCOMPLETE[2]],
    },
  ])("$name", ({ config, expected }) => {
    expect(shown(lintWith(JSON.stringify(config)))).toEqual(expected);
  });

  it("an ignored file is still loaded: its entry resolves and its name is known", () => {
    const result = lintWith(JSON.stringify({ ignore: ["content/arts/**"] }));
    expect(result.graph.entries.has("art/rend")).toBe(true);
    expect(shown(result)).toEqual([REFERENCES, ...INCOMPLETE.slice(1)]);
  });

  it("the command line's `--rule` wins over the file", () => {
    const result = lintWith(JSON.stringify({ rules: { incomplete: "off" } }), {
      rules: { incomplete: "error" },
    });
    expect(shown(result)).toEqual([
      INCOMPLETE[0]?.replace("warn", "error"),
      REFERENCES,
      ...INCOMPLETE.slice(1).map((line) => line.replace("warn", "error")),
    ]);
  });

  it("an incremental re-lint (watch, the language server) applies it after each edit, and a change to it", () => {
    withCase("references", "missing", (root) => {
      writeFileSync(join(root, "momenta.config.json"), JSON.stringify({ rules: { incomplete: "off" } }));
      const relint = new IncrementalLint({ root });
      expect(shown(relint.current)).toEqual([REFERENCES]);
      const cold = "content/damage-types/cold.json";
      const fixed = relint.update([
        {
          file: cold,
          text: lintContentSync({ root }).graph.source(cold)?.text.replace("Hindred", "Hindered") ?? "",
        },
      ]);
      expect(shown(fixed)).toEqual([]);
      writeFileSync(join(root, "momenta.config.json"), "{}");
      expect(shown(relint.update([{ file: cold }]))).toEqual([
        INCOMPLETE[0],
        REFERENCES,
        ...INCOMPLETE.slice(1),
      ]);
    });
  });
});

describe("a pack's configuration cannot change or hide the safety rules", () => {
  it("refuses each safety rule it names and reports their diagnostics in ignored files", () => {
    const dir = mkdtempSync(join(tmpdir(), "momenta-config-"));
    try {
      cpSync(join(REPO, "examples/homebrew-broken"), join(dir, "pack"), { recursive: true });
      const lint = () => lintPacks({ packs: ["pack"], cwd: dir });
      const before = lint();
      const rules = Object.fromEntries([...SAFETY_RULES, "references", "tags"].map((id) => [id, "off"]));
      writeFileSync(join(dir, "momenta.config.json"), JSON.stringify({ rules, ignore: ["**"] }, null, 2));
      const after = lint();
      expect(configProblems(after).map(([messageId, , message]) => [messageId, message])).toEqual(
        [...SAFETY_RULES].map((id) => [
          "safety-rule",
          `a pack's configuration cannot change \`${id}\`: it keeps a pack's text inert wherever it is read`,
        ]),
      );
      const safety = (result: typeof before) =>
        result.diagnostics
          .filter((d) => SAFETY_RULES.has(d.ruleId))
          .map((d) => `${d.ruleId} ${d.severity} ${d.file}:${d.line}`);
      // the pack's safety errors as they were, at their severity; everything else it ignored is gone
      expect(safety(before).length).toBeGreaterThan(0);
      expect(safety(after)).toEqual(safety(before));
      expect(after.diagnostics.filter((d) => d.ruleId !== "config" && !SAFETY_RULES.has(d.ruleId))).toEqual(
        [],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names the registry's rules (a renamed rule would leave a pack free to turn it off)", () => {
    expect([...SAFETY_RULES].sort()).toEqual([
      "encoding",
      "mdx-code",
      "pack",
      "parse",
      "unsafe-input",
      "untrusted-prose",
    ]);
  });
});
