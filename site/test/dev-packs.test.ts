// `npm run dev` with a homebrew pack (MOMENTA_PACKS): a save in the pack's files shows in its page and its banner, from the one re-lint the pages read
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireBuildLock, REPO_DIR } from "./support/build.ts";
import { type DevServer, startDevServer } from "./support/dev-server.ts";

const root = mkdtempSync(join(tmpdir(), "momenta-dev-packs-"));
const pack = join(root, "ember-court");
const GLAIVE = join(pack, "content/weapons/cinder-glaive.json");
const GLAIVE_PAGE = "/weapon/ember-court.cinder-glaive/";
let server: DevServer | undefined;
let base = "";
let release: (() => void) | undefined;

const html = async (path: string) => (await fetch(`${base}${path}`)).text();
const diagnostics = async (): Promise<{ file: string; message: string }[]> =>
  (await fetch(`${base}/__momenta/diagnostics`)).json();

/** Polls until `check` holds; the bound only catches a server that never shows the save. */
async function until(check: () => Promise<boolean>, timeout = 100_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeout) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out; dev server output:\n${server?.output.slice(-3000)}`);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === "object" && address ? address.port : 4322;
}

describe("npm run dev with a homebrew pack", () => {
  beforeAll(async () => {
    cpSync(join(REPO_DIR, "content"), join(root, "content"), { recursive: true });
    cpSync(join(REPO_DIR, "examples/homebrew"), pack, { recursive: true });
    writeFileSync(join(root, "pnpm-workspace.yaml"), "packages: []\n");
    // one astro process at a time on the site folder
    release = acquireBuildLock();
    server = await startDevServer(await freePort(), { MOMENTA_CONTENT_ROOT: root, MOMENTA_PACKS: pack });
    base = server.base;
  }, 300_000);

  afterAll(() => {
    server?.kill();
    release?.();
    rmSync(root, { recursive: true, force: true });
  });

  it("shows a pack entry's edit in its page, and the pack file's error in the banner until it is fixed", async () => {
    expect(await html(GLAIVE_PAGE)).toContain("Cinder Glaive");
    const original = readFileSync(GLAIVE, "utf8");
    writeFileSync(GLAIVE, original.replace('"name": "Cinder Glaive"', '"name": "Ember Glaive"'));
    await until(async () => (await html(GLAIVE_PAGE)).includes("Ember Glaive"));
    // the banner's list comes from the same re-lint: the pack's own file, named as `lint --pack` names it
    writeFileSync(GLAIVE, original.replace('"weightClass": "Heavy"', '"weightClass": "Hefty"'));
    await until(async () =>
      (await diagnostics()).some((d) => d.file === "ember-court/content/weapons/cinder-glaive.json"),
    );
    expect(server?.output).toMatch(/change ember-court\/content\/weapons\/cinder-glaive\.json/);
    writeFileSync(GLAIVE, original);
    await until(async () => (await diagnostics()).length === 0);
    expect(await html(GLAIVE_PAGE)).toContain("Cinder Glaive");
  }, 300_000);
});
