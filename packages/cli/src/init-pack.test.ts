// `momenta init-pack`: the files it writes, and the refusals (a symlink out of the pack, a file as the folder)
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scaffoldFiles, WORKFLOW_FILE } from "./init-pack.ts";
import { run } from "./main.ts";

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "momenta-init-"));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function init(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = run(["init-pack", ...args], {
    cwd: work,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** Every file under `dir`, relative, sorted. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe("momenta init-pack", () => {
  it("writes exactly the scaffold's files, with their text", () => {
    const result = init("ember-court");
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    const expected = scaffoldFiles({ id: "ember-court", name: "ember-court" });
    expect(tree(join(work, "ember-court"))).toEqual([...expected.keys()].sort());
    for (const [file, text] of expected)
      expect(readFileSync(join(work, "ember-court", file), "utf8"), file).toBe(text);
  });

  it("maps momenta.config.json to the configuration's JSON Schema in the editor settings, copied into the pack", () => {
    expect(init("pack").code).toBe(0);
    const pack = join(work, "pack");
    const settings = JSON.parse(readFileSync(join(pack, ".vscode/settings.json"), "utf8")) as {
      "json.schemas": { fileMatch: string[]; url: string }[];
    };
    const mapped = settings["json.schemas"].filter((one) => one.fileMatch.includes("/momenta.config.json"));
    expect(mapped.map((one) => one.url)).toEqual(["./.momenta/json-schema/config.schema.json"]);
    const schema = JSON.parse(readFileSync(join(pack, ".momenta/json-schema/config.schema.json"), "utf8"));
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate({ rules: { references: "warn" }, ignore: ["content/drafts/**"] })).toBe(true);
    // what an editor then flags as the author types: ESLint's `warning`, an unknown field
    expect(validate({ rules: { references: "warning" } })).toBe(false);
    expect(validate({ rule: {} })).toBe(false);
  });

  it.each([".github", ".momenta"])(
    "refuses a symlinked `%s` and writes nothing, inside or outside",
    (link) => {
      const pack = join(work, "pack");
      mkdirSync(pack);
      mkdirSync(join(work, "outside"));
      symlinkSync(join(work, "outside"), join(pack, link));
      const result = init("pack");
      expect(result).toEqual({
        code: 2,
        stdout: "",
        stderr: `error: \`${join(pack, link)}\` is a symbolic link; writes never follow links (it would write outside \`${pack}\`)\n`,
      });
      expect(readdirSync(join(work, "outside"))).toEqual([]);
      expect(readdirSync(pack)).toEqual([link]);
    },
  );

  it("a file given as the pack folder is a usage error, not a stack trace", () => {
    writeFileSync(join(work, "notes.txt"), "hello\n");
    expect(init("notes.txt")).toEqual({
      code: 2,
      stdout: "",
      stderr: `error: \`${join(work, "notes.txt")}\` is a file, not a folder: give the folder to create the pack in\n`,
    });
  });

  it("never overwrites an existing pack file", () => {
    mkdirSync(join(work, "pack/.github/workflows"), { recursive: true });
    writeFileSync(join(work, "pack", WORKFLOW_FILE), "mine\n");
    const result = init("pack");
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: not overwriting existing files: \`${WORKFLOW_FILE}\`\n`);
    expect(readFileSync(join(work, "pack", WORKFLOW_FILE), "utf8")).toBe("mine\n");
  });

  it("`--update` refreshes the schemas, the workflow and our editor settings, never the manifest or content", () => {
    expect(init("pack", "--id", "ember-court").code).toBe(0);
    const pack = join(work, "pack");
    const manifest = readFileSync(join(pack, "momenta-pack.json"), "utf8").replace("0.1.0", "2.3.4");
    writeFileSync(join(pack, "momenta-pack.json"), manifest);
    writeFileSync(join(pack, "content/conditions/singed.json"), '{ "mine": true }\n');
    // an older pin, a stale schema, and a developer's own setting beside ours
    const workflow = join(pack, WORKFLOW_FILE);
    writeFileSync(workflow, readFileSync(workflow, "utf8").replace(/validator@[0-9.]+/, "validator@0.30.0"));
    writeFileSync(join(pack, ".momenta/json-schema/weapon.schema.json"), "{}\n");
    const settings = join(pack, ".vscode/settings.json");
    const mine = readFileSync(settings, "utf8").replace("{\n", '{\n  "editor.tabSize": 4,\n');
    writeFileSync(settings, mine);
    const result = init("pack", "--update");
    expect(result).toEqual({
      code: 0,
      stdout: `updated pack \`ember-court\` in pack:\n  .momenta/json-schema/weapon.schema.json\n  ${WORKFLOW_FILE}\n`,
      stderr: "",
    });
    const expected = scaffoldFiles({ id: "ember-court", name: "ember-court" });
    expect(readFileSync(workflow, "utf8")).toBe(expected.get(WORKFLOW_FILE));
    expect(readFileSync(join(pack, ".momenta/json-schema/weapon.schema.json"), "utf8")).toBe(
      expected.get(".momenta/json-schema/weapon.schema.json"),
    );
    expect(readFileSync(settings, "utf8")).toBe(mine);
    expect(readFileSync(join(pack, "momenta-pack.json"), "utf8")).toBe(manifest);
    expect(readFileSync(join(pack, "content/conditions/singed.json"), "utf8")).toBe('{ "mine": true }\n');
    expect(init("pack", "--update").stdout).toBe("pack `ember-court` is up to date\n");
  });

  it("`--update` keeps the author's edits of the workflow: a step of their own, a vendored tarball (issue 24)", () => {
    expect(init("pack", "--id", "ember-court").code).toBe(0);
    const workflow = join(work, "pack", WORKFLOW_FILE);
    const generated = readFileSync(workflow, "utf8");
    const edited = `${generated.replace(/validator@[0-9.]+"/, 'validator@0.30.0"')}      - run: echo my own step\n`;
    writeFileSync(workflow, edited);
    expect(init("pack", "--update").stdout).toBe(
      `updated pack \`ember-court\` in pack:\n  ${WORKFLOW_FILE}\n`,
    );
    expect(readFileSync(workflow, "utf8")).toBe(`${generated}      - run: echo my own step\n`);
    const vendored = edited.replace(/"@momenta\/validator@0\.30\.0"/, '"./momenta-validator-0.30.0.tgz"');
    writeFileSync(workflow, vendored);
    expect(init("pack", "--update").stdout).toBe("pack `ember-court` is up to date\n");
    expect(readFileSync(workflow, "utf8")).toBe(vendored);
  });

  it("`--update` of a folder without a manifest is a usage error", () => {
    mkdirSync(join(work, "empty"));
    expect(init("empty", "--update")).toEqual({
      code: 2,
      stdout: "",
      stderr: `error: no \`momenta-pack.json\` in \`${join(work, "empty")}\`: \`--update\` refreshes an existing pack\n`,
    });
    expect(readdirSync(join(work, "empty"))).toEqual([]);
  });
});
