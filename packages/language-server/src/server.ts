// The Momenta language server: documents in, the validator's diagnostics and the graph's answers out
import { type FSWatcher, readdirSync, readFileSync, statSync, watch } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { type WatchHandle, watchContent } from "@momenta/cli";
import { contentDirectory, type Diagnostic, isContentFile } from "@momenta/content";
import { CONFIG_FILE } from "@momenta/schema";
import {
  CodeActionKind,
  type Connection,
  DidChangeWatchedFilesNotification,
  type InitializeParams,
  type InitializeResult,
  TextDocumentSyncKind,
  TextDocuments,
  type WorkDoneProgressServerReporter,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { complete } from "./completion.ts";
import { jsonFieldsOf } from "./config-fields.ts";
import { toLspDiagnostic } from "./diagnostics.ts";
import { completeField } from "./fields.ts";
import { FIX_ALL, registerNavigation } from "./navigation.ts";
import { Project } from "./project.ts";

function readDisk(project: Project, file: string): string | undefined {
  try {
    return readFileSync(join(project.root, file), "utf8");
  } catch {
    return undefined;
  }
}

/** Quiet time after the last keystroke before the root is linted again. */
export const RELINT_DELAY_MS = 60;

export interface Server {
  project(): Project | undefined;
  /** Lint now if an edit is waiting (requests answer from the text they were asked about). */
  flush(): void;
  documents: TextDocuments<TextDocument>;
}

/** Wire the handlers onto a connection; `listen()` is the caller's. */
/** A file system's mtime may trail the clock by a tick; a file re-read needlessly costs only its re-lint. */
const MTIME_SLACK_MS = 2000;

/** The content files under a folder modified at or after a time. */
function changedSince(folder: string, since: number): string[] {
  const changed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(folder, { recursive: true, encoding: "utf8" });
  } catch {
    return changed;
  }
  for (const name of names) {
    if (!isContentFile(name.slice(name.lastIndexOf(sep) + 1))) continue;
    const path = join(folder, name);
    try {
      if (statSync(path).mtimeMs >= since) changed.push(path);
    } catch {
      // deleted meanwhile: the watcher, running by now, reports it
    }
  }
  return changed;
}

/** Whether a file was modified at or after a time (false when it is not there). */
function modifiedSince(path: string, since: number): boolean {
  try {
    return statSync(path).mtimeMs >= since;
  } catch {
    return false;
  }
}

export function createServer(connection: Connection): Server {
  const documents = new TextDocuments(TextDocument);
  let project: Project | undefined;
  let timer: NodeJS.Timeout | undefined;
  let dirty = false;
  /**
   * What was last published per file (the validator's diagnostics as JSON), so a re-lint sends only the files whose
   * diagnostics changed, and cleared files an empty list.
   */
  const published = new Map<string, string>();
  /** Documents edited since the last publish: they are always answered, changed or not. */
  const touched = new Set<string>();

  const send = (current: Project, file: string, list: readonly Diagnostic[]) => {
    const uri = current.uriOf(file);
    // an open document's list says which of its versions it was linted from
    const version = documents.get(uri)?.version;
    void connection.sendDiagnostics({
      uri,
      ...(version === undefined ? {} : { version }),
      diagnostics: list.map((diagnostic) => toLspDiagnostic(diagnostic, (name) => current.uriOf(name))),
    });
  };

  /** The files of the documents open in the editor. */
  const openFiles = (current: Project) => {
    const open = new Set<string>();
    for (const document of documents.all()) {
      const file = current.fileOf(document.uri);
      if (file) open.add(file);
    }
    return open;
  };

  const publish = () => {
    if (!project) return;
    const current = project;
    const { diagnostics } = current.snapshot;
    // the files open in the editor first: they are what the author is looking at; then every file whose diagnostics
    // the re-lint says may have changed (all of them after a full lint), so a save that breaks or fixes another file
    // is published there too
    const open = openFiles(current);
    const affected = current.takeAffected();
    const candidates = new Set([
      ...open,
      ...touched,
      ...(affected ?? [...diagnostics.keys(), ...published.keys()]),
    ]);
    for (const file of candidates) {
      const list = diagnostics.get(file) ?? [];
      if (list.length === 0 && !open.has(file)) {
        // a closed file without problems is cleared once, if it had some, then forgotten
        const before = published.get(file);
        if (before !== undefined && before !== "[]") send(current, file, []);
        published.delete(file);
        continue;
      }
      const text = JSON.stringify(list);
      if (published.get(file) === text && !touched.has(file)) continue;
      send(current, file, list);
      published.set(file, text);
    }
    touched.clear();
  };

  const relint = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!project || !dirty) return;
    dirty = false;
    try {
      project.lint();
    } catch (error) {
      connection.console.error(`momenta: lint failed: ${(error as Error).message}`);
      return;
    }
    publish();
    if (watchAfterFirstLint && project.linted) {
      watchAfterFirstLint = false;
      const current = project;
      setTimeout(() => {
        watchDisk(current);
        // what changed on disk while the first lint ran, before the watcher was there to see it
        const missed = changedSince(contentDirectory(current.root), firstLintAt - MTIME_SLACK_MS).map(
          (path) => relative(current.root, path).split(sep).join("/"),
        );
        if (modifiedSince(join(current.root, CONFIG_FILE), firstLintAt - MTIME_SLACK_MS))
          missed.push(CONFIG_FILE);
        if (missed.length > 0) changedOnDisk(missed);
      }, 0);
    }
  };

  /** Between the open documents' first diagnostics and the lint of the rest. */
  let firstPending = false;

  /**
   * The first lint, in steps: the load; then, a turn of the event loop later (the documents opened meanwhile are
   * known), their diagnostics from their own checks (`Project.answerFirst`; the rules over the rest are a quarter of
   * a lint at 27,000 entries); then, once those are written out, the rest of the tree, published as any lint is (an
   * open file again only if its list changed). `done` follows the rest.
   */
  const lintFirst = (done?: () => void) => {
    const current = project;
    if (!current || current.linted || firstPending) return done?.();
    if (!current.loadFirst()) {
      dirty = true;
      relint();
      return done?.();
    }
    firstPending = true;
    const rest = () => {
      firstPending = false;
      dirty = true;
      relint();
      done?.();
    };
    setTimeout(() => {
      const early = current.answerFirst([...openFiles(current)]);
      if (!early) return rest();
      for (const [file, list] of early) {
        send(current, file, list);
        published.set(file, JSON.stringify(list));
        touched.delete(file);
      }
      setTimeout(rest, 0);
    }, 0);
  };

  const schedule = () => {
    dirty = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(relint, RELINT_DELAY_MS);
  };

  /** Whether the client watches files for us (it registers `workspace/didChangeWatchedFiles` when asked). */
  let clientWatches = false;
  /** Whether the client shows server-started progress (`window.workDoneProgress`). */
  let clientShowsProgress = false;
  /** The first lint waits for the client to accept its progress token. */
  let progressPending = false;
  let watcher: WatchHandle | undefined;
  /** The root folder's own entries, for its momenta.config.json (the content watcher is below it). */
  let configWatcher: FSWatcher | undefined;
  /** The server's own watcher starts once the first lint is published (see onInitialized). */
  let watchAfterFirstLint = false;
  let firstLintAt = 0;

  /** Files changed on disk, as the client reports them or the server's own watcher sees them. */
  const changedOnDisk = (files: readonly (string | undefined)[]) => {
    if (!project) return;
    // a change outside the root's files (or unnamed) re-lints everything
    project.filesChanged(files.every((file) => file !== undefined) ? (files as string[]) : undefined);
    schedule();
  };

  /**
   * Watch the content folder ourselves: many clients never send file events (after a `git checkout`, a delete). One
   * watch per folder, as `lint --watch` keeps them (`watchContent`): a file replaced by rename stays watched.
   */
  const watchDisk = (current: Project) => {
    const folder = contentDirectory(current.root);
    const prefix = relative(current.root, folder).split(sep).join("/");
    watcher = watchContent(folder, (name) => {
      if (name === undefined) return changedOnDisk([undefined]);
      // a folder made, deleted or replaced (no event comes for the files it brings or takes): everything again
      if (!name.includes("/")) return changedOnDisk([undefined]);
      // an atomic write's temp file (dot-named, or `sed -i`'s) and files the loader never reads are not content
      if (!isContentFile(name.slice(name.lastIndexOf("/") + 1))) return;
      changedOnDisk([prefix ? `${prefix}/${name}` : name]);
    });
    // the configuration: saved, or replaced by an editor's atomic rename (an event named after the file either way)
    try {
      configWatcher = watch(current.root, (_event, name) => {
        if (name !== null && String(name) === CONFIG_FILE) changedOnDisk([CONFIG_FILE]);
      });
      configWatcher.on("error", () => {
        configWatcher?.close();
        configWatcher = undefined;
      });
    } catch (error) {
      connection.console.warn(`momenta: cannot watch ${current.root}: ${(error as Error).message}`);
    }
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    clientWatches = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    clientShowsProgress = params.capabilities.window?.workDoneProgress === true;
    const folder = params.workspaceFolders?.[0]?.uri ?? params.rootUri;
    if (folder) project = new Project(fileURLToPath(folder));
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: ["[", ":", "#", " ", '"'] },
        hoverProvider: true,
        definitionProvider: true,
        referencesProvider: true,
        renameProvider: { prepareProvider: true },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL] },
        documentSymbolProvider: true,
        workspaceSymbolProvider: true,
      },
      serverInfo: { name: "momenta" },
    };
  });

  connection.onInitialized(() => {
    if (project && clientWatches) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: "**/*.{json,mdx}" }],
      });
    } else if (project) {
      // the watch starts after the first lint is out, so that no disk event turns its staged steps (the open
      // documents first) into one plain lint, and then looks for files written since the lint began (a file deleted
      // in that window is seen only by a later full re-lint); the folder watches are in place before that look
      watchAfterFirstLint = true;
      firstLintAt = Date.now();
    }
    const current = project;
    if (!current) return;
    if (!clientShowsProgress) {
      // a moment later: the editor opens its documents right after `initialized`, and the first lint (which an
      // open document runs, when it comes first) answers them before the rest of the tree
      setTimeout(() => lintFirst(), 0);
      return;
    }
    // the first lint takes a second or two: say so with `$/progress` (documents opened meanwhile wait for it)
    progressPending = true;
    const lintWithProgress = (progress?: WorkDoneProgressServerReporter) => {
      progressPending = false;
      if (current.linted) return progress?.done();
      progress?.begin("momenta", undefined, `linting ${current.root}`);
      // after the begin notification is out: the lint itself holds the thread until it is done
      setTimeout(() => lintFirst(() => progress?.done()), 0);
    };
    connection.window.createWorkDoneProgress().then(lintWithProgress, () => lintWithProgress());
  });

  // open and change both land here: text that matches the disk needs no mirror
  documents.onDidChangeContent(({ document }) => {
    const file = project?.fileOf(document.uri);
    if (!project || !file) return;
    const text = document.getText();
    touched.add(file);
    const changed = project.setText(file, text === readDisk(project, file) ? undefined : text);
    // while the first lint waits for its progress report, it answers this document too
    if (progressPending) dirty = true;
    else if (changed) schedule();
    else if (!timer) {
      if (project.linted) publish();
      else lintFirst();
    }
  });
  documents.onDidClose(({ document }) => {
    const file = project?.fileOf(document.uri);
    if (project && file && project.setText(file, undefined)) schedule();
  });
  connection.onDidChangeWatchedFiles(({ changes }) => {
    changedOnDisk(changes.map((change) => project?.fileOf(change.uri)));
  });

  connection.onCompletion(({ textDocument, position }) => {
    const document = documents.get(textDocument.uri);
    const file = project?.fileOf(textDocument.uri);
    if (!project || !document || !file) return undefined;
    const offset = document.offsetAt(position);
    const inReference = complete(project.snapshot.graph, document, offset);
    if (inReference) return inReference;
    // an entry's JSON (or the configuration) outside a `[[`: its schema's field names and closed-set values
    const fields = jsonFieldsOf(file, document.getText(), project.isPack);
    return fields ? completeField(fields.schema, document, offset, fields.keys) : undefined;
  });

  const server: Server = { project: () => project, flush: relint, documents };
  registerNavigation(connection, server);
  connection.onShutdown(() => {
    if (timer) clearTimeout(timer);
    watcher?.close();
    configWatcher?.close();
    project?.dispose();
  });
  documents.listen(connection);
  return server;
}
