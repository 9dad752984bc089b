// Standalone install: bundle, `pnpm pack`, install the tarball offline into an empty folder, lint a pack there
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KINDS } from "@momenta/schema";
import { jsonSchemaFileName } from "@momenta/schema/generate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repo = join(import.meta.dirname, "../../..");
const packageDir = join(repo, "packages/cli");

describe("the validator installed on its own from a packed tarball", () => {
  let work: string;
  let project: string;
  let tarball: string;

  const momenta = (args: string[]) =>
    spawnSync(join(project, "node_modules/.bin/momenta"), args, {
      cwd: project,
      encoding: "utf8",
      timeout: 60_000,
    });

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), "momenta-standalone-"));
    const stage = join(work, "stage");
    execFileSync("node", [join(packageDir, "scripts/bundle.mjs"), "--out", stage], { stdio: "pipe" });
    const packs = join(work, "tarballs");
    mkdirSync(packs);
    execFileSync("npx", ["-y", "pnpm@12.4.2", "pack", "--pack-destination", packs], {
      cwd: stage,
      stdio: "pipe",
    });
    const [name] = readdirSync(packs).filter((file) => file.endsWith(".tgz"));
    if (!name) throw new Error("pnpm pack wrote no tarball");
    tarball = join(packs, name);
    // an empty homebrew repository: nothing from this workspace is reachable from it
    project = join(work, "homebrew-repo");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), '{ "name": "homebrew-repo", "private": true }\n');
    execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", tarball], {
      cwd: project,
      stdio: "pipe",
    });
    cpSync(join(repo, "examples/homebrew"), join(project, "packs/ember-court"), { recursive: true });
    cpSync(join(repo, "examples/homebrew-broken"), join(project, "packs/broken"), { recursive: true });
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("installs as one package with no dependencies, core content included", () => {
    expect(tarball).toMatch(/momenta-validator-0\.31\.0\.tgz$/);
    const installed = readdirSync(join(project, "node_modules")).filter((name) => !name.startsWith("."));
    expect(installed).toEqual(["@momenta"]);
    const bundled = join(project, "node_modules/@momenta/validator");
    expect(readdirSync(bundled).sort()).toEqual(["README.md", "changes", "content", "dist", "package.json"]);
    expect(readdirSync(join(bundled, "content"))).toContain("conditions");
  });

  it("lints the example pack clean against the bundled core", () => {
    const run = momenta(["lint", "--pack", "packs/ember-court"]);
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("checked 4 files: no problems\n");
    expect(run.status).toBe(0);
  });

  it("reports the broken pack's problems with paths relative to the repository, exit 1", () => {
    const run = momenta(["lint", "--pack", "packs/broken", "--format", "sarif"]);
    expect(run.status).toBe(1);
    const sarif = JSON.parse(run.stdout) as {
      runs: {
        results: {
          ruleId: string;
          locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
        }[];
      }[];
    };
    const results = sarif.runs[0]?.results ?? [];
    expect(results.length).toBeGreaterThan(10);
    expect(
      results.every((r) => r.locations[0]?.physicalLocation.artifactLocation.uri.startsWith("packs/broken/")),
    ).toBe(true);
    expect(results.map((r) => r.ruleId)).toContain("references");
  });

  it("carries the language server's `lsp` command (registered by the language server's entry)", () => {
    const run = momenta(["lsp"]);
    expect([run.status, run.stdout]).toEqual([2, ""]);
    expect(run.stderr).toMatch(/^usage: momenta lsp --stdio /);
  });

  it("scaffolds a new pack that lints clean", () => {
    expect(momenta(["init-pack", "packs/new", "--id", "new-pack"]).status).toBe(0);
    // the editor schemas come from zod-to-json-schema at run time: the tarball must carry it
    const schemaDir = join(project, "packs/new/.momenta/json-schema");
    expect(readdirSync(schemaDir).sort()).toEqual(
      [
        ...KINDS.map(({ kind }) => jsonSchemaFileName(kind)),
        jsonSchemaFileName("pack-manifest"),
        jsonSchemaFileName("config"),
      ].sort(),
    );
    const weapon = JSON.parse(readFileSync(join(schemaDir, "weapon.schema.json"), "utf8"));
    expect(weapon).toMatchObject({
      $ref: "#/definitions/weapon",
      $schema: "http://json-schema.org/draft-07/schema#",
    });
    const run = momenta(["lint", "--pack", "packs/new", "--format", "github"]);
    expect({ status: run.status, stdout: run.stdout }).toEqual({ status: 0, stdout: "" });
  });
});
