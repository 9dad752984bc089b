// The first lint answers the open documents from the load, before the rules run over the rest: once, as the full lint
import { lintContentSync } from "@momenta/lint";
import { afterAll, expect, it } from "vitest";
import { LspClient, REPO } from "./testing/client.ts";

const SHIFT = "content/maneuvers/shift.json";
const client = new LspClient(REPO);
afterAll(() => client.close());

it("publishes an open document's diagnostics first and once, the full lint's, then the other files'", async () => {
  const full = lintContentSync({ root: REPO });
  const other = full.diagnostics.find((d) => d.file !== SHIFT)?.file as string;
  await client.initialize();
  await client.open(SHIFT);
  await client.diagnosticsFor(other);
  expect(client.publishedUris[0]).toBe(client.uri(SHIFT));
  expect(client.publishedUris.filter((uri) => uri === client.uri(SHIFT))).toHaveLength(1);
  const messages = (client.diagnostics.get(client.uri(SHIFT)) ?? []).map((d) => `${d.code}: ${d.message}`);
  expect(messages).toEqual(
    full.diagnostics
      .filter((d) => d.file === SHIFT)
      .map((d) => `${d.ruleId}: ${d.message}${d.help ? `\nhelp: ${d.help}` : ""}`),
  );
  expect(messages.length).toBeGreaterThan(0);
});
