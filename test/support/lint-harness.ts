// Test harness: lint the base fixture corpus with one case's files laid over it, in a throwaway folder
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Diagnostic } from "@momenta/content";
import { type LintOptions, type LintResult, lintContentSync } from "@momenta/lint";

export const FIXTURES = join(import.meta.dirname, "../../packages/lint/test/fixtures");

/** Copy base + case into a fresh folder; `prepare` may add what git cannot hold (symlinks). */
export function withCase<T>(
  rule: string | undefined,
  name: string | undefined,
  run: (root: string) => T,
  prepare?: (root: string) => void,
): T {
  const root = mkdtempSync(join(tmpdir(), "momenta-lint-"));
  try {
    cpSync(join(FIXTURES, "base"), root, { recursive: true });
    if (rule && name) {
      const caseDir = join(FIXTURES, "rules", rule, name);
      if (!existsSync(caseDir)) throw new Error(`no fixture ${caseDir}`);
      cpSync(caseDir, root, { recursive: true });
    }
    prepare?.(root);
    return run(root);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export function lintCase(
  rule?: string,
  name?: string,
  options: Partial<LintOptions> = {},
  prepare?: (root: string) => void,
): LintResult {
  return withCase(rule, name, (root) => lintContentSync({ ...options, root }), prepare);
}

/** The case folders of a rule, so a test can check each one is covered by its table. */
export function caseNames(rule: string): string[] {
  const dir = join(FIXTURES, "rules", rule);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

/** What rule tables assert: message id, file and exact range. */
export type Expected = [
  messageId: string,
  file: string,
  line: number,
  column: number,
  endLine: number,
  endColumn: number,
];

export function summarize(diagnostics: readonly Diagnostic[], ruleId: string): Expected[] {
  return diagnostics
    .filter((d) => d.ruleId === ruleId)
    .map((d): Expected => [d.messageId, d.file, d.line, d.column, d.endLine, d.endColumn]);
}

/** Links out of the content folder to a sentinel, made at test time (git would not carry them faithfully). */
export function linkOutside(root: string): void {
  const outside = join(root, "outside");
  mkdirSync(outside);
  writeFileSync(join(outside, "secret.json"), '{ "id": "focus/secret", "name": "SENTINEL" }\n');
  symlinkSync(join(outside, "secret.json"), join(root, "content/weapons/secret.json"));
  symlinkSync(outside, join(root, "content/foci"));
}
