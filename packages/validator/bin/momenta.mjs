#!/usr/bin/env node
// The `momenta` command: runs the TypeScript CLI through tsx's loader (no build step); parses content, never runs it
import { existsSync } from "node:fs";
import { register } from "tsx/esm/api";

register();
// homebrew pack commands (`lint --pack`, `init-pack`) live in src/pack and fall through to the core CLI
if (existsSync(new URL("../src/pack/bin.ts", import.meta.url))) {
  await import("../src/pack/bin.ts");
} else {
  const { main } = await import("../src/cli/main.ts");
  main();
}
