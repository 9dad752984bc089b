// loadContent: read content/ safely, parse with positions, validate schemas, and build the content graph
import { closeSync, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import {
  type ChapterFrontmatter,
  chapterFrontmatterSchema,
  KINDS,
  type KindDefinition,
  kindByFolder,
  plainText,
  slugify,
} from "@momenta/schema";
import type { ZodTypeAny } from "zod";
import type { Diagnostic, JsonPath } from "../diagnostic.ts";
import { Graph } from "../graph.ts";
import type { Chapter, CodeUse, ComponentUse, Entry, Heading, LoadResult } from "../model.ts";
import { parseProse, referenceNodes } from "../prose/parse.ts";
import { formatMessage, type RuleMeta } from "../rule.ts";
import { encodingRule } from "../rules/encoding.ts";
import { parseRule } from "../rules/parse.ts";
import { explainZodIssues, schemaRule } from "../rules/schema.ts";
import { unknownFileRule } from "../rules/unknown-file.ts";
import { unsafeInputRule } from "../rules/unsafe-input.ts";
import { type CompiledCheck, INVALID, tryCompileSchema } from "../schema/compile.ts";
import { SourceFile } from "../source/file.ts";
import { DEFAULT_JSON_LIMITS, type JsonLimits, parseJson } from "../source/json.ts";
import {
  createSlugger,
  DEFAULT_MDX_LIMITS,
  type MdNode,
  type MdxLimits,
  mdText,
  parseFrontmatter,
  parseMdx,
  visitMd,
} from "../source/mdx.ts";
import { decodeUtf8 } from "../source/text.ts";
import type { Timings } from "../timing.ts";
import { LoadedEntry } from "./entry.ts";
import { ReferenceStore } from "./references.ts";
import {
  DEFAULT_LOADER_LIMITS,
  entrySlug,
  type LoaderLimits,
  listContentFiles,
  readFailure,
  SAFE_OPEN_FLAGS,
  WALK_HELP,
} from "./walk.ts";

/** The folder under content/ that holds MDX chapters rather than a catalog. */
export const CHAPTER_FOLDER = "rules";

export interface LoadOptions {
  /** Repository root, or any folder holding `content/`, or a content folder itself. */
  root: string;
  limits?: Partial<LoaderLimits & JsonLimits & MdxLimits>;
  /** Collects time per loader phase when given (`momenta lint --timing`). */
  timings?: Timings;
}

interface Limits extends LoaderLimits, JsonLimits, MdxLimits {}

/** Where content lives for a root: `<root>/content` when present, else the root itself. */
export function contentDirectory(root: string): string {
  const candidate = join(root, "content");
  try {
    const stats = lstatSync(candidate);
    if (stats.isDirectory()) return candidate;
  } catch {
    // no content/ below: the root is the content folder
  }
  return root;
}

/** Shared read buffer: files are decoded straight out of it, so none needs its own Buffer (or an fstat). */
let readBuffer = Buffer.allocUnsafe(1 << 16);

/**
 * Read a file without following a symlink swapped in after listing (O_NOFOLLOW where the OS has it).
 * The bytes returned live in a shared buffer, valid until the next call: decode them before reading another file.
 */
function readBytes(path: string, maxBytes: number): Uint8Array | { tooLarge: number } {
  const fd = openSync(path, SAFE_OPEN_FLAGS);
  try {
    let read = 0;
    for (;;) {
      if (read === readBuffer.length) {
        // one byte past the limit is enough to know a file is too large; fstat then gives its size
        if (read > maxBytes) return { tooLarge: fstatSync(fd).size };
        const grown = Buffer.allocUnsafe(Math.min(readBuffer.length * 2, maxBytes + 1));
        readBuffer.copy(grown, 0, 0, read);
        readBuffer = grown;
      }
      const n = readSync(fd, readBuffer, read, readBuffer.length - read, null);
      if (n === 0) break;
      read += n;
    }
    if (read > maxBytes) return { tooLarge: fstatSync(fd).size };
    return readBuffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

class Collector {
  readonly diagnostics: Diagnostic[] = [];

  add(
    source: SourceFile,
    meta: RuleMeta,
    messageId: string,
    data: Record<string, string | number>,
    start: number,
    end: number,
    extra: { path?: JsonPath; help?: string; related?: Diagnostic["related"] } = {},
  ): void {
    const template = meta.messages[messageId] ?? messageId;
    this.diagnostics.push(
      source.diagnostic({
        ruleId: meta.id,
        messageId,
        severity: meta.defaultSeverity,
        message: formatMessage(template, data),
        start,
        end,
        ...extra,
      }),
    );
  }
}

export async function loadContent(options: LoadOptions): Promise<LoadResult> {
  return loadContentSync(options);
}

/** Synchronous core of loadContent: reading many small files is faster without per-file promises. */
export function loadContentSync(options: LoadOptions): LoadResult {
  const limits: Limits = {
    ...DEFAULT_LOADER_LIMITS,
    ...DEFAULT_JSON_LIMITS,
    ...DEFAULT_MDX_LIMITS,
    ...options.limits,
  };
  const repoRoot = resolve(options.root);
  const contentDir = contentDirectory(repoRoot);
  const collector = new Collector();
  const sources = new Map<string, SourceFile>();
  const paths = new Map<string, string>();
  const entries: Entry[] = [];
  const chapters: Chapter[] = [];

  const timings = options.timings;
  let clock = timings ? performance.now() : 0;
  /** Adds the time since the last lap to `label` (only when timing). */
  const lap = (label: string) => {
    if (!timings) return;
    const now = performance.now();
    timings.add(label, now - clock);
    clock = now;
  };
  const listing = listContentFiles(contentDir, repoRoot, limits);
  lap("list files");
  for (const problem of listing.problems) {
    const source = new SourceFile(problem.relative, "");
    const meta =
      problem.messageId === "folder" || problem.messageId === "file" || problem.messageId === "nested-folder"
        ? unknownFileRule.meta
        : unsafeInputRule.meta;
    const messageId = problem.messageId === "nested-folder" ? "folder" : problem.messageId;
    collector.add(source, meta, messageId, problem.data, 0, 0, {
      help: WALK_HELP[messageId] ?? "replace it with a regular file inside the content folder",
    });
  }

  const folderKinds = new Map<string, KindDefinition | undefined>();
  const reportedFolders = new Set<string>();
  const references = new ReferenceStore();
  for (const listed of listing.files) {
    lap("other");
    let bytes: Uint8Array | { tooLarge: number };
    try {
      bytes = readBytes(listed.absolute, limits.maxFileBytes);
      lap("read files");
    } catch (error) {
      const problem = readFailure(listed.relative, error);
      collector.add(
        new SourceFile(listed.relative, ""),
        unsafeInputRule.meta,
        problem.messageId,
        problem.data,
        0,
        0,
        {
          help: WALK_HELP[problem.messageId],
        },
      );
      continue;
    }
    if (!(bytes instanceof Uint8Array)) {
      collector.add(
        new SourceFile(listed.relative, ""),
        unsafeInputRule.meta,
        "too-large",
        {
          size: bytes.tooLarge,
          limit: limits.maxFileBytes,
        },
        0,
        0,
      );
      continue;
    }
    const decoded = decodeUtf8(bytes);
    const source = new SourceFile(listed.relative, decoded.text);
    lap("decode UTF-8");
    sources.set(listed.relative, source);
    paths.set(listed.relative, listed.absolute);
    if (decoded.hadBom) {
      collector.add(source, encodingRule.meta, "bom", {}, 0, 1, {
        help: "save the file as UTF-8 without a BOM",
      });
    }
    if (decoded.invalidUtf8At !== undefined) {
      const at = decoded.text.length;
      collector.add(source, parseRule.meta, "utf8", {}, at, at + 1, {
        help: `re-save the file as UTF-8 (the first bad byte is at byte ${decoded.invalidUtf8At})`,
      });
      continue;
    }
    if (listed.folder === CHAPTER_FOLDER) {
      if (!listed.relative.endsWith(".mdx")) {
        collector.add(
          source,
          unknownFileRule.meta,
          "file",
          { path: listed.relative, expected: "`.mdx` chapter" },
          0,
          0,
          {
            help: "chapters are `.mdx` files named `NN-slug.mdx`",
          },
        );
        continue;
      }
      if (source.text.length > limits.maxMdxChars) {
        collector.add(
          source,
          unsafeInputRule.meta,
          "mdx-too-large",
          { size: source.text.length, limit: limits.maxMdxChars },
          0,
          0,
          {
            help: "split the chapter; MDX parsing time grows faster than its size",
          },
        );
        continue;
      }
      const chapter = loadChapter(source, collector, limits, references);
      lap("chapters (frontmatter, MDX)");
      if (chapter) chapters.push(chapter);
      continue;
    }
    if (!folderKinds.has(listed.folder)) folderKinds.set(listed.folder, kindByFolder(listed.folder));
    const definition = folderKinds.get(listed.folder);
    if (!definition) {
      if (!reportedFolders.has(listed.folder)) {
        reportedFolders.add(listed.folder);
        collector.add(source, unknownFileRule.meta, "folder", { folder: `content/${listed.folder}` }, 0, 0, {
          help: `catalog folders are ${KINDS.map((definition) => `\`${definition.folder}\``).join(", ")} and \`rules\``,
        });
      }
      continue;
    }
    if (!listed.relative.endsWith(".json")) {
      collector.add(
        source,
        unknownFileRule.meta,
        "file",
        { path: listed.relative, expected: "`.json` entry" },
        0,
        0,
        {
          help: "catalog entries are `.json` files named after their slug",
        },
      );
      continue;
    }
    const entry = loadEntry(source, definition, collector, limits, references, lap);
    if (entry) entries.push(entry);
  }

  lap("other");
  const graph = new Graph(entries, chapters, sources, [references], paths);
  lap("build graph");
  graph.resolveReferences();
  lap("resolve references");
  return { graph, diagnostics: collector.diagnostics };
}

function loadEntry(
  source: SourceFile,
  definition: KindDefinition,
  collector: Collector,
  limits: Limits,
  store: ReferenceStore,
  lap: (label: string) => void,
): Entry | undefined {
  const parsed = parseJson(source.text, limits);
  lap("parse JSON");
  for (const problem of parsed.problems) {
    const related = problem.related
      ? [source.related(problem.related.start, problem.related.end, problem.related.message)]
      : [];
    switch (problem.messageId) {
      case "syntax":
        collector.add(
          source,
          parseRule.meta,
          "syntax",
          { detail: problem.message },
          problem.start,
          problem.end,
          {
            help: "fix the JSON syntax; the rest of this file is not checked until it parses",
          },
        );
        break;
      case "empty":
        collector.add(source, parseRule.meta, "empty", {}, 0, 0, {
          help: "write the entry's JSON object or delete the file",
        });
        break;
      case "duplicate-key":
        collector.add(
          source,
          parseRule.meta,
          "duplicate-key",
          { key: keyOf(problem.message) },
          problem.start,
          problem.end,
          {
            help: "keep one of them",
            related,
          },
        );
        break;
      case "too-deep":
        collector.add(
          source,
          unsafeInputRule.meta,
          "too-deep",
          { limit: limits.maxDepth },
          problem.start,
          problem.end,
          {
            help: "flatten the structure; no content kind nests this deep",
          },
        );
        break;
      case "forbidden-key":
        collector.add(
          source,
          unsafeInputRule.meta,
          "forbidden-key",
          { key: keyOf(problem.message) },
          problem.start,
          problem.end,
          {
            help: "rename or remove the key",
          },
        );
        break;
      case "string-too-long":
        collector.add(
          source,
          unsafeInputRule.meta,
          "string-too-long",
          { length: Number(/\d+/.exec(problem.message)?.[0] ?? 0), limit: limits.maxStringLength },
          problem.start,
          problem.end,
          { help: "split the text or shorten it" },
        );
        break;
    }
  }
  const value = parsed.value;
  if (value === undefined) return undefined;
  if (parsed.problems.length === 0) source.cleanJson = true;
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const type = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    collector.add(source, parseRule.meta, "not-object", { type }, 0, source.text.length, {
      help: "an entry file holds exactly one object with `id`, `name`, `source` and `status`",
    });
    return undefined;
  }
  const raw = value as Record<string, unknown>;
  // the compiled check accepts exactly what zod accepts; zod runs only to explain an entry it rejected
  const check = compiledCheck(definition);
  let checked = check ? check(raw) : INVALID;
  lap("validate schemas");
  if (checked === INVALID) {
    const result = definition.schema.safeParse(raw);
    if (result.success) checked = result.data;
    else reportSchema(source, result.error.issues, definition.schema, collector, raw);
    lap("explain schema errors (zod)");
  }
  const valid = checked !== INVALID;
  const file = source.file;
  const fileSlug = entrySlug(file);
  const data = (valid ? checked : raw) as Record<string, unknown>;
  const firstReference = store.size;
  store.scanEntry(raw);
  const lastReference = store.size;
  lap("find references");
  return new LoadedEntry(
    typeof raw.id === "string" ? raw.id : `${definition.kind}/${fileSlug}`,
    typeof raw.name === "string" && raw.name ? raw.name : fileSlug,
    Array.isArray(raw.aliases)
      ? raw.aliases.filter((alias): alias is string => typeof alias === "string")
      : NONE,
    data,
    file,
    raw.status === "incomplete" ? "incomplete" : "complete",
    Array.isArray(raw.missing)
      ? raw.missing.filter((item): item is string => typeof item === "string")
      : NONE,
    valid,
    definition,
    store,
    firstReference,
    lastReference,
  );
}

/** The `aliases` and `missing` of the many entries without any: one frozen array rather than 54k empty ones. */
const NONE = Object.freeze([]) as unknown as string[];

const compiledChecks = new WeakMap<KindDefinition, CompiledCheck | undefined>();

/** Each kind's schema compiled once per process (undefined when it uses zod features the compiler lacks). */
function compiledCheck(definition: KindDefinition): CompiledCheck | undefined {
  if (!compiledChecks.has(definition)) compiledChecks.set(definition, tryCompileSchema(definition.schema));
  return compiledChecks.get(definition);
}

const keyOf = (message: string) => /`([^`]*)`/.exec(message)?.[1] ?? "";

function reportSchema(
  source: SourceFile,
  issues: Parameters<typeof explainZodIssues>[0],
  schema: ZodTypeAny,
  collector: Collector,
  value: unknown,
  locate?: (path: JsonPath) => { start: number; end: number },
): void {
  for (const problem of explainZodIssues(issues, schema, value)) {
    const at = locate ? locate(problem.path) : source.locate(problem.path, problem.key ? { key: true } : {});
    const extra: { path: JsonPath; help?: string } = { path: problem.path };
    if (problem.help) extra.help = problem.help;
    collector.add(source, schemaRule.meta, problem.messageId, problem.data, at.start, at.end, extra);
  }
}

/** Node types whose text is code, not prose: references inside them are not links. */
const CODE_NODES = new Set(["code", "inlineCode", "yaml"]);
/** MDX node types that would run code in a compiler; the linter only records where they are. */
const CODE_USES = new Set(["mdxjsEsm", "mdxFlowExpression", "mdxTextExpression"]);

function loadChapter(
  source: SourceFile,
  collector: Collector,
  limits: Limits,
  store: ReferenceStore,
): Chapter | undefined {
  const { frontmatter, problems } = parseFrontmatter(source.text, limits);
  for (const problem of problems) {
    const unsafe = problem.messageId === "yaml-aliases" || problem.messageId === "frontmatter-format";
    const data = { detail: problem.message, limit: limits.maxAliasCount };
    collector.add(
      source,
      unsafe ? unsafeInputRule.meta : parseRule.meta,
      problem.messageId,
      data,
      problem.start,
      problem.end,
      {
        help: unsafe
          ? "write plain YAML frontmatter without aliases"
          : problem.messageId === "line-endings"
            ? "save the file with LF (or CRLF) line endings"
            : "fix the frontmatter; see docs/rules/parse.md",
      },
    );
  }
  if (!frontmatter) return undefined;
  const fm = frontmatter.value;
  let valid = true;
  const result = chapterFrontmatterSchema.safeParse(fm);
  if (!result.success) {
    valid = false;
    reportSchema(source, result.error.issues, chapterFrontmatterSchema, collector, fm, frontmatter.locate);
  }
  const fileSlug = basename(source.file)
    .replace(/\.mdx$/, "")
    .replace(/^\d+-|^[a-z]-/i, "");
  const rawFm = (fm && typeof fm === "object" ? fm : {}) as Record<string, unknown>;
  const frontmatterData: ChapterFrontmatter = result.success
    ? result.data
    : {
        id: typeof rawFm.id === "string" ? rawFm.id : `chapter/${slugify(fileSlug)}`,
        title: typeof rawFm.title === "string" ? rawFm.title : fileSlug,
        chapter: typeof rawFm.chapter === "string" ? rawFm.chapter : "",
        moment: { number: 0, name: "" },
        order: typeof rawFm.order === "number" ? rawFm.order : Number.MAX_SAFE_INTEGER,
        summary: typeof rawFm.summary === "string" ? rawFm.summary : "",
      };
  const parsed = parseMdx(source.text);
  for (const problem of parsed.problems) {
    collector.add(source, parseRule.meta, "mdx", { detail: problem.message }, problem.start, problem.end, {
      help: "close every JSX tag and escape literal `{`, `}` and `<` as `\\{`, `\\}` and `&lt;`",
    });
  }
  const headings: Heading[] = [];
  const components: ComponentUse[] = [];
  const code: CodeUse[] = [];
  const excluded: [number, number][] = [[0, frontmatter.end]];
  if (parsed.tree) {
    const slug = createSlugger();
    visitMd(parsed.tree, (node) => {
      const start = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? start;
      if (CODE_NODES.has(node.type)) excluded.push([start, end]);
      else if (CODE_USES.has(node.type)) {
        code.push({ type: node.type, start, end });
        excluded.push([start, end]);
      } else if (node.type === "heading") {
        const text = plainText(mdText(node)).trim();
        headings.push({ depth: node.depth ?? 1, text, slug: slug(text) });
      } else if (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") {
        const attributes: Record<string, string | null> = {};
        const expressionAttributes: string[] = [];
        for (const attribute of node.attributes ?? []) {
          const at = attribute.position?.start.offset ?? start;
          if (attribute.type !== "mdxJsxAttribute" || !attribute.name) {
            code.push({
              type: "mdxJsxExpressionAttribute",
              start: at,
              end: attribute.position?.end.offset ?? at + 1,
            });
            continue;
          }
          if (
            attribute.value === null ||
            attribute.value === undefined ||
            typeof attribute.value === "string"
          ) {
            attributes[attribute.name] = (attribute.value as string | null | undefined) ?? null;
          } else {
            expressionAttributes.push(attribute.name);
            code.push({
              type: "mdxJsxAttributeValueExpression",
              start: at,
              end: attribute.position?.end.offset ?? at + 1,
            });
          }
        }
        components.push({ name: node.name ?? "", attributes, expressionAttributes, start, end });
      }
    });
  }
  excluded.sort((a, b) => a[0] - b[0]);
  const firstReference = store.size;
  // the references are the syntax tree's `reference` nodes, as the site renders them; a chapter whose MDX does
  // not parse is read as plain Markdown for them. They come in document order: the excluded ranges begun so far
  // and how far they reach are kept, not rescanned per reference
  let begun = 0;
  let reach = 0;
  for (const node of referenceNodes(parsed.tree ?? parseProse(source.text))) {
    const start = node.position?.start.offset ?? 0;
    for (; begun < excluded.length && (excluded[begun] as [number, number])[0] <= start; begun++)
      reach = Math.max(reach, (excluded[begun] as [number, number])[1]);
    if (start < reach) continue;
    store.addRaw(node.raw, node.raw.slice(2, -2).replace(/\\\|/g, "|"), start, []);
  }
  const lastReference = store.size;
  return {
    id: frontmatterData.id,
    kind: "chapter",
    frontmatter: frontmatterData,
    body: source.text.slice(frontmatter.end),
    bodyOffset: frontmatter.end,
    file: source.file,
    headings,
    get references() {
      return store.uses(firstReference, lastReference);
    },
    components,
    code,
    valid: valid && parsed.tree !== undefined,
  };
}

/** Walk an MDX tree (exported for rules that need more than the loader keeps). */
export type { MdNode };
