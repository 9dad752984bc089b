// A homebrew pack's chapters: their namespaced id, and their frontmatter and body linted as untrusted prose
import { basename } from "node:path";
import { SLUG_PATTERN } from "@momenta/schema";
import { packMeta, untrustedProseRule } from "../catalog/pack.ts";
import { unsafeInputRule } from "../catalog/unsafe-input.ts";
import type { JsonPath } from "../diagnostic.ts";
import type { LoadedPack } from "../model.ts";
import { lintProse } from "../prose/lint.ts";
import type { SourceFile } from "../source/file.ts";
import { checkMarkdownLimits } from "../source/limits.ts";
import { isObject, type PackContext, slugSuggestion } from "./pack.ts";

/** The id a pack chapter must have: `chapter/<pack>.<slug>` for `NN-slug.mdx`. */
export function packChapterId(pack: LoadedPack, file: string): string {
  const slug = basename(file)
    .replace(/\.mdx$/, "")
    .replace(/^(\d\d|[a-z])-/i, "");
  return `chapter/${pack.id}.${slug}`;
}

/**
 * A pack chapter's frontmatter before its schema sees it: the namespaced id is checked here, the core's id shape put
 * in its place. `locate` places a frontmatter path in the file.
 */
export function packFrontmatterSubject(
  context: PackContext,
  source: SourceFile,
  frontmatter: unknown,
  locate: (path: JsonPath) => { start: number; end: number },
): unknown {
  if (!isObject(frontmatter)) return frontmatter;
  const expected = packChapterId(context.pack, source.file);
  const fileSlug = expected.slice(`chapter/${context.pack.id}.`.length);
  if (!SLUG_PATTERN.test(fileSlug)) {
    // the page's address is made from it: a `?` or `#` gave pages no sidebar link reaches
    context.collector.add(
      source,
      packMeta,
      "chapter-file-name",
      { file: basename(source.file), suggestion: slugSuggestion(fileSlug) },
      0,
      0,
    );
  }
  scanFrontmatterProse(context, source, frontmatter, locate);
  const copy: Record<string, unknown> = { ...frontmatter };
  if (typeof frontmatter.id === "string") {
    if (frontmatter.id !== expected && SLUG_PATTERN.test(fileSlug)) {
      const at = locate(["id"]);
      context.collector.add(
        source,
        packMeta,
        "id-namespace",
        { id: frontmatter.id, expected },
        at.start,
        at.end,
        { path: ["id"], helpId: "id-namespace.chapter" },
      );
    }
    const slug = expected.slice(`chapter/${context.pack.id}.`.length);
    copy.id = `chapter/${SLUG_PATTERN.test(slug) ? slug : "x"}`;
  }
  return copy;
}

/**
 * The frontmatter strings a reader sees beside the title (summary, aliases, the Moment's name), with their paths.
 * The title is a name, not prose: its checks (markup, invisible characters, core names, length) are the pack rule's.
 */
export function frontmatterStrings(frontmatter: Record<string, unknown>): [string, JsonPath][] {
  const out: [string, JsonPath][] = [];
  if (typeof frontmatter.summary === "string") out.push([frontmatter.summary, ["summary"]]);
  if (Array.isArray(frontmatter.aliases))
    frontmatter.aliases.forEach((alias, index) => {
      if (typeof alias === "string") out.push([alias, ["aliases", index]]);
    });
  if (isObject(frontmatter.moment) && typeof frontmatter.moment.name === "string")
    out.push([frontmatter.moment.name, ["moment", "name"]]);
  return out;
}

/**
 * A pack chapter's frontmatter strings are untrusted prose like its body: they reach titles, sidebars, search and
 * exports. A problem is placed at the whole YAML value (a quoted or folded scalar has no one-to-one offsets).
 */
function scanFrontmatterProse(
  context: PackContext,
  source: SourceFile,
  frontmatter: Record<string, unknown>,
  locate: (path: JsonPath) => { start: number; end: number },
): void {
  for (const [text, path] of frontmatterStrings(frontmatter)) {
    const at = locate(path);
    const limited = checkMarkdownLimits(text);
    if (limited) {
      const data = { limit: limited.limit };
      context.collector.add(source, unsafeInputRule.meta, limited.messageId, data, at.start, at.end, {
        path,
      });
      continue;
    }
    for (const problem of lintProse(text))
      context.collector.add(
        source,
        untrustedProseRule.meta,
        problem.messageId,
        problem.data,
        at.start,
        at.end,
        {
          path,
        },
      );
  }
}

/** A pack chapter's body is plain Markdown: everything MDX or HTML in it is reported, nothing is kept as code. */
export function scanChapterProse(
  context: PackContext,
  source: SourceFile,
  body: string,
  offset: number,
): void {
  for (const problem of lintProse(body)) {
    context.collector.add(
      source,
      untrustedProseRule.meta,
      problem.messageId,
      problem.data,
      offset + problem.start,
      offset + problem.end,
    );
  }
}
