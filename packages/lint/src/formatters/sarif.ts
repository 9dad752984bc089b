// `sarif`: SARIF 2.1.0 for GitHub code scanning; one run, rules listed with their docs
import { isAbsoluteUrl } from "../docs-url.ts";
import type { Formatter } from "./types.ts";

export const sarif: Formatter = (input) => {
  const ruleIndex = new Map(input.rules.map((rule, index) => [rule.id, index]));
  const document = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "momenta",
            version: "0.31.0",
            rules: input.rules.map((rule) => ({
              id: rule.id,
              shortDescription: { text: rule.description },
              ...(isAbsoluteUrl(rule.url) ? { helpUri: rule.url } : {}),
              help: { text: `${rule.description}. Docs: ${rule.url}` },
              defaultConfiguration: { level: rule.defaultSeverity === "error" ? "error" : "warning" },
            })),
          },
        },
        columnKind: "utf16CodeUnits",
        results: input.diagnostics.map((d) => ({
          ruleId: d.ruleId,
          ruleIndex: ruleIndex.get(d.ruleId) ?? -1,
          level: d.severity === "error" ? "error" : "warning",
          message: { text: d.help ? `${d.message}\nhelp: ${d.help}` : d.message },
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: d.file, uriBaseId: "%SRCROOT%" },
                region: {
                  startLine: d.line,
                  startColumn: d.column,
                  endLine: d.endLine,
                  endColumn: d.endColumn,
                },
              },
            },
          ],
          ...(d.related.length
            ? {
                relatedLocations: d.related.map((related, id) => ({
                  id,
                  message: { text: related.message },
                  physicalLocation: {
                    artifactLocation: { uri: related.file, uriBaseId: "%SRCROOT%" },
                    region: {
                      startLine: related.line,
                      startColumn: related.column,
                      endLine: related.endLine,
                      endColumn: related.endColumn,
                    },
                  },
                })),
              }
            : {}),
        })),
      },
    ],
  };
  return `${JSON.stringify(document, null, 2)}\n`;
};
