// The release: the standalone package passes `npm publish --dry-run`, and the workflow init-pack writes runs offline
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { workflowYaml } from "./init-pack.ts";
import { VERSION } from "./version.ts";

const repo = join(import.meta.dirname, "../../..");
const packageDir = join(repo, "packages/cli");
const REPOSITORY = "https://github.com/momenta-test/momenta";

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  if?: string;
  env?: Record<string, string>;
  "working-directory"?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { env?: Record<string, string>; permissions?: Record<string, string>; steps: Step[] }>;
}

/** The `node-version` of each actions/setup-node step. */
const nodeVersions = (steps: Step[]) =>
  steps
    .filter((step) => step.uses?.startsWith("actions/setup-node@"))
    .map((step) => step.with?.["node-version"]);

interface ExpectedDiagnostic {
  ruleId: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

let work: string;
let stage: string;
let tarball: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "momenta-release-"));
  stage = join(work, "stage");
  execFileSync("node", [join(packageDir, "scripts/bundle.mjs"), "--out", stage, "--repository", REPOSITORY], {
    stdio: "pipe",
  });
  const packs = join(work, "tarballs");
  mkdirSync(packs);
  execFileSync("npx", ["-y", "pnpm@12.4.2", "pack", "--pack-destination", packs], {
    cwd: stage,
    stdio: "pipe",
  });
  const [name] = readdirSync(packs).filter((file) => file.endsWith(".tgz"));
  if (!name) throw new Error("pnpm pack wrote no tarball");
  tarball = join(packs, name);
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the standalone package as npm would publish it", () => {
  it("passes `npm publish --dry-run` with bin, engines, README, license and the repository for provenance", () => {
    const run = spawnSync("npm", ["publish", "--dry-run", "--json", "--offline", "--access", "public"], {
      cwd: stage,
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout) as Record<string, { id: string; files: { path: string }[] }>;
    const published = report["@momenta/validator"];
    expect(published?.id).toBe(`@momenta/validator@${VERSION}`);
    const files = (published?.files ?? []).map((file) => file.path);
    expect(files).toContain("dist/momenta.mjs");
    expect(files).toContain("README.md");
    expect(files).toContain("package.json");
    expect(files).toContain("content/conditions/hindered.json");
    // nothing but the bundle, the core content, the release changes and the package's own two files
    expect(files).toContain("changes/README.md");
    expect(files.filter((file) => !/^(dist|content|changes)\//.test(file)).sort()).toEqual([
      "README.md",
      "package.json",
    ]);
    const manifest = JSON.parse(readFileSync(join(stage, "package.json"), "utf8"));
    expect(manifest).toMatchObject({
      name: "@momenta/validator",
      version: VERSION,
      bin: { momenta: "dist/momenta.mjs" },
      engines: { node: ">=20.19" },
      license: "UNLICENSED",
      repository: { type: "git", url: `git+${REPOSITORY}.git`, directory: "packages/cli" },
      publishConfig: { access: "public" },
    });
    expect(manifest.dependencies).toBeUndefined();
  });

  it("has a release workflow that publishes on a version tag, with provenance, after the release tests", () => {
    const workflow = parse(readFileSync(join(repo, ".github/workflows/release.yml"), "utf8")) as Workflow;
    expect(workflow.on).toEqual({ push: { tags: ["v*.*.*"] } });
    const job = workflow.jobs.publish;
    expect(job?.permissions).toEqual({ contents: "read", "id-token": "write" });
    const runs = (job?.steps ?? []).flatMap((step) => (step.run ? [step.run] : []));
    const publish = runs.findIndex((run) => run.startsWith("npm publish"));
    expect(runs[publish]).toBe("npm publish --provenance --access public");
    const tests = runs.findIndex((run) => run.includes("vitest run"));
    expect(tests).toBeGreaterThan(-1);
    expect(tests).toBeLessThan(publish);
    for (const file of runs[tests]?.match(/packages\/\S+\.test\.ts/g) ?? [])
      expect(existsSync(join(repo, file))).toBe(true);
    const bundle = runs.find((run) => run.includes("bundle.mjs"));
    expect(bundle).toContain('--repository "$GITHUB_SERVER_URL/$GITHUB_REPOSITORY"');
    // the active LTS (Node 20's life ended in April 2026); the package's engines still admit Node 20
    expect(nodeVersions(job?.steps ?? [])).toEqual([24]);
  });
});

describe("the workflow init-pack writes, run step by step in an empty repository against the tarball", () => {
  const workflow = parse(workflowYaml()) as Workflow;
  const job = workflow.jobs.lint;

  /** Run every `run:` step as the runner would (bash -e), offline, with the vendored tarball as the validator. */
  function runSteps(pack: string) {
    const project = mkdtempSync(join(work, "homebrew-"));
    cpSync(pack, project, { recursive: true });
    for (const file of ["expected.json", "expected.stylish.txt"])
      rmSync(join(project, file), { force: true });
    // the vendored route of docs/homebrew.md: the tarball committed beside the pack
    const vendored = `./momenta-validator-${VERSION}.tgz`;
    copyFileSync(tarball, join(project, vendored));
    const env = {
      ...process.env,
      ...job?.env,
      MOMENTA_VALIDATOR: vendored,
      npm_config_offline: "true",
      npm_config_cache: join(project, ".npm-cache"),
      npm_config_update_notifier: "false",
    };
    const steps = (job?.steps ?? []).filter((step) => step.run);
    const results = steps.map((step) =>
      spawnSync("bash", ["-e", "-c", step.run as string], {
        cwd: project,
        env,
        encoding: "utf8",
        timeout: 120_000,
      }),
    );
    return { project, steps, results };
  }

  it("pins this validator version and the active Node LTS, and runs only `run:` steps that need no network", () => {
    expect(job?.env?.MOMENTA_VALIDATOR).toBe(`@momenta/validator@${VERSION}`);
    expect(nodeVersions(job?.steps ?? [])).toEqual([24]);
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
    expect(job?.steps.filter((step) => step.run).map((step) => step.name)).toEqual([
      "Lint the pack (annotations on the pull request)",
      "Lint the pack (SARIF for code scanning)",
    ]);
  });

  it("annotates every problem of the broken example and writes the same ones as SARIF", () => {
    const { project, results } = runSteps(join(repo, "examples/homebrew-broken"));
    const expected = (
      JSON.parse(readFileSync(join(repo, "examples/homebrew-broken/expected.json"), "utf8")) as {
        diagnostics: ExpectedDiagnostic[];
      }
    ).diagnostics.map((d) => ({ ...d, file: d.file.replace(/^examples\/homebrew-broken\//, "") }));
    const [annotate, sarif] = results;
    // the annotations step fails the job on errors; the SARIF step always succeeds
    expect(annotate?.status).toBe(1);
    expect(annotate?.stderr).not.toMatch(/npm (ERR|error)/);
    const annotations = (annotate?.stdout ?? "").split("\n").filter(Boolean);
    expect(annotations.map((line) => line.slice(0, line.indexOf(",title=")))).toEqual(
      expected.map(
        (d) =>
          `::error file=${d.file},line=${d.line},col=${d.column},endLine=${d.endLine},endColumn=${d.endColumn}`,
      ),
    );
    expect(sarif?.status).toBe(0);
    const log = JSON.parse(readFileSync(join(project, "momenta.sarif"), "utf8")) as {
      runs: {
        results: {
          ruleId: string;
          locations: {
            physicalLocation: {
              artifactLocation: { uri: string };
              region: { startLine: number; startColumn: number };
            };
          }[];
        }[];
      }[];
    };
    expect(
      (log.runs[0]?.results ?? []).map((r) => {
        const at = r.locations[0]?.physicalLocation;
        return `${r.ruleId} ${at?.artifactLocation.uri}:${at?.region.startLine}:${at?.region.startColumn}`;
      }),
    ).toEqual(expected.map((d) => `${d.ruleId} ${d.file}:${d.line}:${d.column}`));
    // each rule links its page in the repository at the release's tag, the copy of the version that reported
    const rules = (
      log as unknown as { runs: { tool: { driver: { rules: { id: string; helpUri?: string }[] } } }[] }
    ).runs[0]?.tool.driver.rules;
    expect(rules?.find((rule) => rule.id === "references")?.helpUri).toBe(
      `${REPOSITORY}/blob/v${VERSION}/packages/lint/docs/rules/references.md`,
    );
  }, 240_000);

  it("passes on the clean example: no annotation, an empty SARIF run", () => {
    const { project, results } = runSteps(join(repo, "examples/homebrew"));
    expect(results.map((r) => ({ status: r.status, stdout: r.stdout }))).toEqual([
      { status: 0, stdout: "" },
      { status: 0, stdout: "" },
    ]);
    const log = JSON.parse(readFileSync(join(project, "momenta.sarif"), "utf8")) as {
      runs: { results: unknown[] }[];
    };
    expect(log.runs[0]?.results).toEqual([]);
  }, 240_000);
});
