// Compiles a Foundry module's pack source JSON into its LevelDB pack with @foundryvtt/foundryvtt-cli (run as a child)
import { compilePack } from "@foundryvtt/foundryvtt-cli";

const [source, pack] = process.argv.slice(2);
try {
  await compilePack(source, pack);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
