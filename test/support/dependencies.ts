// The repository's import arrows: packages import only packages below them, by name, and folders inside a package form no cycle
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/**
 * Layers, lowest first: a package may import a package of a lower layer, never one of its own layer (sideways) or
 * above it. Render sits under the exports, which serialize its documents; the language server plugs `lsp` into the
 * CLI's command table, so it sits above the CLI.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ["@momenta/schema"],
  ["@momenta/rules"],
  ["@momenta/content"],
  ["@momenta/render"],
  ["@momenta/lint", "@momenta/export"],
  ["@momenta/cli"],
  ["@momenta/language-server", "@momenta/site"],
  ["momenta-vscode"],
];

/** Where code lives that is no package of its own (repository tasks and cross-package tests): it may import any package by name. */
const TOP_FOLDERS = ["scripts", "test"];
/** Tests may reach across a package's folders (a test of the loader lints); the folder order binds its code. */
const TEST_FILE = /\.test\.ts$/;
const SKIP = new Set(["node_modules", "dist", "fixtures", ".astro", "json-schema", "__snapshots__"]);
/** Files that hold import statements as data (the check's own test cases), not as imports. */
const IMPORTS_AS_DATA = new Set(["test/dependencies.test.ts"]);
const CODE = /\.(?:ts|mts|mjs|cjs|js|astro)$/;

export interface WorkspacePackage {
  name: string;
  /** Repository-relative folder, posix. */
  dir: string;
  /** `exports` keys: `.`, `./generate`, `./json-schema/*`. */
  exports: string[];
  dependencies: Set<string>;
}

export interface Violation {
  file: string;
  specifier: string;
  rule: "upward" | "sideways" | "deep-path" | "relative-into-package" | "undeclared" | "folder-cycle";
  message: string;
}

const posix = (path: string) => path.split(sep).join("/");

/** Every import specifier of a file: static imports and re-exports (type-only too), `import()`, `require()`. */
export function importSpecifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [
    /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s*)?["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1] as string);
  return found;
}

/** The workspace packages under `root` (packages/*, site, editors/*), from their package.json. */
export function workspacePackages(root: string): WorkspacePackage[] {
  const dirs = [
    ...["packages", "editors"].flatMap((parent) => {
      try {
        return readdirSync(join(root, parent), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${parent}/${entry.name}`);
      } catch {
        return [];
      }
    }),
    "site",
  ];
  return dirs.flatMap((dir) => {
    let manifest: {
      name?: string;
      exports?: Record<string, string>;
      dependencies?: object;
      devDependencies?: object;
    };
    try {
      manifest = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8"));
    } catch {
      return [];
    }
    if (!manifest.name) return [];
    return [
      {
        name: manifest.name,
        dir,
        exports: Object.keys(manifest.exports ?? {}),
        dependencies: new Set([
          ...Object.keys(manifest.dependencies ?? {}),
          ...Object.keys(manifest.devDependencies ?? {}),
        ]),
      },
    ];
  });
}

function codeFiles(root: string, dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(join(root, dir));
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    if (SKIP.has(name) || name.startsWith(".")) return [];
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) return codeFiles(root, path);
    return CODE.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

const layerOf = (name: string) => LAYERS.findIndex((layer) => layer.includes(name));

/** Does a subpath (`./generate`) match one of the package's `exports` keys (with `*` patterns)? */
function exported(pkg: WorkspacePackage, subpath: string): boolean {
  return pkg.exports.some((key) => {
    if (!key.includes("*")) return key === subpath;
    const [head, tail] = key.split("*") as [string, string];
    return subpath.startsWith(head) && subpath.endsWith(tail) && subpath.length >= head.length + tail.length;
  });
}

/**
 * Every import under `root` that breaks the arrows: a package importing a package of its own layer or above, a
 * specifier reaching past a package's declared `exports`, a relative path into another package, a workspace
 * package used without being declared, and cycles between the top-level folders (and files) of a package's src/.
 */
export function checkDependencies(root: string): Violation[] {
  const packages = workspacePackages(root);
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const owner = (file: string) => packages.find((pkg) => file.startsWith(`${pkg.dir}/`));
  const violations: Violation[] = [];
  const files = [...packages.map((pkg) => pkg.dir), ...TOP_FOLDERS].flatMap((dir) => codeFiles(root, dir));
  // per package: src unit (first path segment under src/) → the units it imports
  const units = new Map<string, Map<string, Map<string, string>>>();
  for (const file of files) {
    if (IMPORTS_AS_DATA.has(file)) continue;
    const from = owner(file);
    const text = readFileSync(join(root, file), "utf8");
    for (const specifier of importSpecifiers(text)) {
      const report = (rule: Violation["rule"], message: string) =>
        violations.push({ file, specifier, rule, message });
      if (specifier.startsWith(".")) {
        const target = posix(relative(root, resolve(root, dirname(file), specifier)));
        const into = owner(`${target}/`) ?? owner(target);
        if (into && into !== from && target.startsWith(`${into.dir}/src/`))
          report(
            "relative-into-package",
            `\`${specifier}\` reaches into ${into.name}'s src/ by path: import \`${into.name}\` instead`,
          );
        if (from && into === from && !TEST_FILE.test(file)) {
          const src = `${from.dir}/src/`;
          if (file.startsWith(src) && target.startsWith(src)) {
            const unitOf = (path: string) => path.slice(src.length).split("/")[0] as string;
            const [a, b] = [unitOf(file), unitOf(target)];
            if (a !== b) {
              const graph = units.get(from.name) ?? new Map();
              units.set(from.name, graph);
              const edges = graph.get(a) ?? new Map<string, string>();
              graph.set(a, edges);
              if (!edges.has(b)) edges.set(b, file);
            }
          }
        }
        continue;
      }
      const match = /^(@[^/]+\/[^/]+|[^@/][^/]*)(\/.*)?$/.exec(specifier);
      const target = match ? byName.get(match[1] as string) : undefined;
      if (!target || !match) continue; // a registry package or a Node built-in
      const subpath = match[2] ? `.${match[2]}` : ".";
      if (!exported(target, subpath))
        report(
          "deep-path",
          `\`${specifier}\` is not one of ${target.name}'s exports (${target.exports.join(", ")})`,
        );
      if (!from || from === target) continue;
      if (!from.dependencies.has(target.name))
        report("undeclared", `${from.name} imports ${target.name} without declaring it in package.json`);
      const [a, b] = [layerOf(from.name), layerOf(target.name)];
      if (a === -1 || b === -1) report("upward", `${from.name} or ${target.name} has no layer in LAYERS`);
      else if (b > a) report("upward", `${from.name} imports ${target.name}, a layer above it`);
      else if (b === a) report("sideways", `${from.name} imports ${target.name}, a package of its own layer`);
    }
  }
  for (const [name, graph] of units)
    for (const cycle of findCycles(graph)) {
      const first = graph.get(cycle[0] as string)?.get(cycle[1] as string) ?? name;
      violations.push({
        file: first,
        specifier: cycle.join(" → "),
        rule: "folder-cycle",
        message: `the folders and files of ${name}'s src/ import each other: ${cycle.join(" → ")}`,
      });
    }
  return violations;
}

/**
 * Each cycle once, as the nodes around it (a depth-first search colouring nodes, edges in sorted order): the one
 * cycle finder, for the folders here and for files (packages/cli/src/structure.test.ts). A node's edges are its
 * targets, or the keys of a map from target to anything (here, the first file importing it).
 */
export function findCycles(
  graph: ReadonlyMap<string, Iterable<string> | ReadonlyMap<string, unknown>>,
): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const targets = (node: string) => {
    const edges = graph.get(node) ?? [];
    return [...(edges instanceof Map ? edges.keys() : (edges as Iterable<string>))].sort();
  };
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of targets(node)) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}
