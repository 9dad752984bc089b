// `astro dev` for a test, on 127.0.0.1: the address it printed (the port it really got) and everything it printed
import { spawn } from "node:child_process";
import { buildEnvironment, SITE_DIR } from "./build.ts";

export interface DevServer {
  /** `http://127.0.0.1:<port>`, as the server printed it. */
  readonly base: string;
  /** Everything it wrote to stdout and stderr so far. */
  readonly output: string;
  kill(): void;
}

const ADDRESS = /http:\/\/127\.0\.0\.1:(\d+)/;

/** Starts `astro dev` in site/ with `env` over the production build's environment; resolves once it prints its address. */
export async function startDevServer(
  port: number,
  env: NodeJS.ProcessEnv,
  timeout = 240_000,
): Promise<DevServer> {
  const child = spawn("npx", ["astro", "dev", "--host", "127.0.0.1", "--port", String(port)], {
    cwd: SITE_DIR,
    env: { ...buildEnvironment(), NODE_ENV: "development", ...env },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const started = Date.now();
  while (!ADDRESS.test(output)) {
    if (Date.now() - started > timeout || child.exitCode !== null) {
      child.kill();
      throw new Error(`astro dev printed no address; its output:\n${output.slice(-3000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const base = `http://127.0.0.1:${output.match(ADDRESS)?.[1]}`;
  return {
    base,
    get output() {
      return output;
    },
    kill: () => child.kill(),
  };
}
