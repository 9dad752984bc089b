// The loader's file overlay: unsaved texts are read in place of the disk's, new files are listed, symlinks stay refused
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OverlayFiles } from "./files.ts";
import { load } from "./load.ts";

const hindered = (name: string) =>
  `${JSON.stringify({ id: "condition/hindered", name, stackable: true, cap: 3, clear: "auto", text: "Slowed." }, null, 2)}\n`;

let work: string;
let root: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "momenta-overlay-"));
  root = join(work, "repo");
  mkdirSync(join(root, "content/conditions"), { recursive: true });
  writeFileSync(join(root, "content/conditions/hindered.json"), hindered("Hindered"));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

const summary = (files?: OverlayFiles) => {
  const result = load({ root, ...(files ? { files } : {}) });
  return {
    names: [...result.graph.entries.values()].map((entry) => `${entry.id} ${entry.name}`),
    diagnostics: result.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}/${d.messageId}`),
  };
};

describe("OverlayFiles", () => {
  it("reads an unsaved text in place of the disk's and leaves the file as saved", () => {
    const files = new OverlayFiles();
    expect(files.set(join(root, "content/conditions/hindered.json"), hindered("Slowed"))).toBe(true);
    expect(summary(files).names).toEqual(["condition/hindered Slowed"]);
    expect(readFileSync(join(root, "content/conditions/hindered.json"), "utf8")).toBe(hindered("Hindered"));
    expect(files.set(join(root, "content/conditions/hindered.json"), undefined)).toBe(true);
    expect(summary(files).names).toEqual(["condition/hindered Hindered"]);
  });

  it("lists a file that exists only in the editor, as the disk would once it is saved", () => {
    const files = new OverlayFiles();
    const text = hindered("Dazed").replace("condition/hindered", "condition/dazed");
    files.set(join(root, "content/conditions/dazed.json"), text);
    const overlaid = summary(files);
    writeFileSync(join(root, "content/conditions/dazed.json"), text);
    expect(overlaid).toEqual(summary());
    expect(overlaid.names).toContain("condition/dazed Dazed");
  });

  it("gives the diagnostics the same text saved would give, at the same places", () => {
    const files = new OverlayFiles();
    const broken = '{ "id": "condition/hindered", "name": "Hindered", ';
    files.set(join(root, "content/conditions/hindered.json"), broken);
    const overlaid = summary(files);
    writeFileSync(join(root, "content/conditions/hindered.json"), broken);
    expect(overlaid).toEqual(summary());
    expect(overlaid.diagnostics.length).toBeGreaterThan(0);
  });

  it("never reads through a symlink, whatever text the editor holds for its path", () => {
    const outside = join(work, "outside");
    mkdirSync(outside);
    writeFileSync(join(outside, "secret.json"), hindered("Secret"));
    symlinkSync(join(outside, "secret.json"), join(root, "content/conditions/secret.json"));
    const files = new OverlayFiles();
    files.set(join(root, "content/conditions/secret.json"), hindered("Overlaid"));
    const { names, diagnostics } = summary(files);
    expect(names).toEqual(["condition/hindered Hindered"]);
    expect(diagnostics).toContain("content/conditions/secret.json:1:1 unsafe-input/symlink");
  });
});
