// `$/progress` while the first lint runs, for a client that shows server-started progress
import { afterAll, beforeAll, expect, it } from "vitest";
import { LspClient, REPO } from "./testing/client.ts";

const HINDERED = "content/conditions/hindered.json";
let client: LspClient;
/** What the client saw, in order: the token's creation, progress kinds, and the opened file's diagnostics. */
const seen: string[] = [];
const tokens = new Set<unknown>();

beforeAll(async () => {
  client = new LspClient(REPO);
  client.connection.onRequest("window/workDoneProgress/create", (params: { token: unknown }) => {
    tokens.add(params.token);
    seen.push("create");
    return null;
  });
  client.connection.onNotification("$/progress", (params: { token: unknown; value: { kind: string } }) => {
    if (tokens.has(params.token)) seen.push(params.value.kind);
  });
  await client.initialize({ window: { workDoneProgress: true } });
  // opened right after `initialized`, as editors do: it is answered by the first lint, inside the progress
  await client.open(HINDERED);
});
afterAll(() => client.close());

it("reports begin, then the first diagnostics, then end, on the token the client accepted", async () => {
  // what had been reported when the diagnostics arrived
  await client.diagnosticsFor(HINDERED, () => {
    seen.push("diagnostics");
    return true;
  });
  await new Promise<void>((done) => {
    const check = () => (seen.includes("end") ? done() : setImmediate(check));
    check();
  });
  expect(seen).toEqual(["create", "begin", "diagnostics", "end"]);
  expect(tokens.size).toBe(1);
});
