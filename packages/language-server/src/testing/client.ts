// Test support: `momenta lsp --stdio` as a child process, spoken to over JSON-RPC like an editor would
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from "vscode-jsonrpc/node";
import type { Diagnostic, PublishDiagnosticsParams } from "vscode-languageserver";

export const REPO = resolve(import.meta.dirname, "../../../..");
// the workspace's `momenta` command, as the README's editor set-up starts it: its cached bundle of the sources
// (language server included) starts in a third of the time the sources take through tsx
const CLI = join(REPO, "packages/cli/bin/momenta.mjs");

export class LspClient {
  private readonly child: ChildProcess;
  readonly connection: MessageConnection;
  /** The latest diagnostics published per URI. */
  readonly diagnostics = new Map<string, Diagnostic[]>();
  /** Every URI diagnostics were published for, in order (a test empties it to see what one edit published). */
  readonly publishedUris: string[] = [];
  private waiters: (() => void)[] = [];
  /** Capabilities the server registered with `client/registerCapability`, by method. */
  readonly registrations = new Map<string, unknown>();
  private readonly versions = new Map<string, number>();
  /** The latest version sent per URI. */
  private readonly sentVersions = new Map<string, number>();

  /** `start`: the server's command line (default: the workspace's `momenta lsp --stdio`). */
  constructor(
    readonly root: string,
    start: { command: string; args: readonly string[] } = {
      command: process.execPath,
      args: [CLI, "lsp", "--stdio"],
    },
  ) {
    this.child = spawn(start.command, start.args, {
      cwd: REPO,
      stdio: ["pipe", "pipe", "inherit"],
    });
    this.connection = createMessageConnection(
      new StreamMessageReader(this.child.stdout as NodeJS.ReadableStream),
      new StreamMessageWriter(this.child.stdin as NodeJS.WritableStream),
    );
    this.connection.onNotification("textDocument/publishDiagnostics", (params: PublishDiagnosticsParams) => {
      // a list linted from an older text of an open document (in flight while the next change was sent) is stale
      const sent = this.sentVersions.get(params.uri);
      if (params.version !== undefined && sent !== undefined && params.version < sent) return;
      this.publishedUris.push(params.uri);
      this.diagnostics.set(params.uri, params.diagnostics);
      const waiters = this.waiters;
      this.waiters = [];
      for (const wake of waiters) wake();
    });
    this.connection.onRequest(
      "client/registerCapability",
      (params: { registrations: { method: string; registerOptions?: unknown }[] }) => {
        for (const one of params.registrations) this.registrations.set(one.method, one.registerOptions);
        return null;
      },
    );
    this.connection.listen();
  }

  uri(file: string): string {
    return pathToFileURL(join(this.root, file)).href;
  }

  /** `capabilities`: what the client says it can do (none by default, as a minimal client). */
  async initialize(capabilities: object = {}): Promise<unknown> {
    const result = await this.connection.sendRequest("initialize", {
      processId: process.pid,
      rootUri: pathToFileURL(this.root).href,
      workspaceFolders: [{ uri: pathToFileURL(this.root).href, name: "content" }],
      capabilities,
    });
    await this.connection.sendNotification("initialized", {});
    return result;
  }

  /** Open a file with its text on disk (or `text`). */
  async open(file: string, text = readFileSync(join(this.root, file), "utf8")): Promise<void> {
    const languageId = file.endsWith(".json") ? "json" : "mdx";
    this.versions.set(file, 1);
    this.sentVersions.set(this.uri(file), 1);
    await this.connection.sendNotification("textDocument/didOpen", {
      textDocument: { uri: this.uri(file), languageId, version: 1, text },
    });
  }

  /** Replace a file's whole text, as an editor sends a change. */
  async change(file: string, text: string): Promise<void> {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    this.sentVersions.set(this.uri(file), version);
    this.diagnostics.delete(this.uri(file));
    await this.connection.sendNotification("textDocument/didChange", {
      textDocument: { uri: this.uri(file), version },
      contentChanges: [{ text }],
    });
  }

  /** The next diagnostics published for a file that satisfy `accept`. */
  async diagnosticsFor(
    file: string,
    accept: (list: Diagnostic[]) => boolean = () => true,
  ): Promise<Diagnostic[]> {
    const uri = this.uri(file);
    for (;;) {
      const list = this.diagnostics.get(uri);
      if (list && accept(list)) return list;
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
  }

  /** The server process's id (for its memory figures). */
  get pid(): number | undefined {
    return this.child.pid;
  }

  request<T>(method: string, params: unknown): Promise<T> {
    return this.connection.sendRequest(method, params) as Promise<T>;
  }

  async close(): Promise<void> {
    try {
      await this.connection.sendRequest("shutdown");
      await this.connection.sendNotification("exit");
    } finally {
      this.connection.dispose();
      this.child.kill();
    }
  }
}
