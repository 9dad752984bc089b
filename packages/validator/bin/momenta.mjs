#!/usr/bin/env node
// The `momenta` command: runs the TypeScript CLI through tsx's loader (no build step); parses content, never runs it
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli/main.ts");
main();
