// Protocol tests through a client nobody here wrote: Neovim's built-in LSP client (Debian's 0.7.2), headless
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { REPO } from "./testing/client.ts";

const DRIVE = join(import.meta.dirname, "../test/neovim/drive.lua");
const dir = mkdtempSync(join(tmpdir(), "momenta-nvim-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("diagnostics (in the edited file and in one it breaks), a quick fix, completion, rename (a taken name, a quote), symbols, JSON field completion and hover, and files changed on disk, as Neovim sees them", () => {
  const out = join(dir, "out.json");
  // a pack of its own to change on disk, and the entry Neovim's script writes into it (a copy of one of its own)
  const pack = join(dir, "pack");
  cpSync(join(REPO, "examples/homebrew"), pack, { recursive: true });
  const kindled = JSON.parse(readFileSync(join(pack, "content/conditions/smouldering.json"), "utf8"));
  writeFileSync(
    join(dir, "kindled.json"),
    `${JSON.stringify({ ...kindled, id: "condition/ember-court.kindled", name: "Kindled" }, null, 2)}\n`,
  );
  const cmd = [
    process.execPath,
    "--import",
    "tsx",
    join(REPO, "packages/language-server/src/main.ts"),
    "lsp",
    "--stdio",
  ];
  const run = spawnSync("nvim", ["--headless", "--clean", "-c", `luafile ${DRIVE}`], {
    cwd: REPO,
    encoding: "utf8",
    timeout: 280_000,
    env: {
      ...process.env,
      MOMENTA_OUT: out,
      MOMENTA_ROOT: REPO,
      MOMENTA_PACK: pack,
      MOMENTA_KINDLED: join(dir, "kindled.json"),
      MOMENTA_CMD: JSON.stringify(cmd),
      HOME: dir,
    },
  });
  expect(run.error).toBeUndefined();
  const seen = JSON.parse(readFileSync(out, "utf8"));
  expect(seen).toEqual({
    diagnostic: {
      message: "`[[Hindred]]` does not match any entry or chapter\nhelp: did you mean `[[Hindered]]`",
      line: 17,
      col: 18,
    },
    actions: ["Replace with `[[Hindered]]`"],
    completion: ["Impaired", "Impaired 1", "Impaired 2", "Impaired 3", "glossary:Impaired"],
    refused: {
      code: -32803,
      message:
        "`Dodge` is already the name of `reaction/dodge`: links to it would change target; choose another name",
    },
    renamed: ['"Held \\"Fast\\""', ',\n  "aliases": ["Hindered"]'],
    symbols: ["$schema", "id", "name", "source", "status", "stackable", "clear", "effect"],
    // a key begun in hindered.json: the schema's field it does not write, and hover on `stackable`
    fields: [
      [
        'd6": ',
        "integer (optional)",
        "The 1d6 result that inflicts this condition on the table it comes from (ch. 21 Affliction table)",
      ],
    ],
    hover: [
      "```ts",
      'stackable: false | object | "unlimited"',
      "```",
      "",
      'Whether the condition stacks, written Condition N: false, { "max": N } or "unlimited" (ch. 22)',
    ],
    // renaming Shift in its own buffer: the never-opened grabbed.json gets its broken link, then loses it
    elsewhere: [
      "`[[maneuver:Shift]]`: no maneuver is named `Shift`\nhelp: the `glossary` kind holds `Shift`: write `[[glossary:Shift]]`",
    ],
    cleared: 0,
    // a pack file open with a link to `[[Kindled]]`: the entry created on disk resolves it, renamed on disk it is
    // missing again, deleted it is missing again
    disk: ["broken", "created: 0", "changed: 1", "deleted: 1"],
  });
}, 300_000);
