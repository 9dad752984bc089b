// A chapter file loaded: YAML frontmatter, the MDX syntax tree (never run), headings, components, references
import { basename } from "node:path";
import { type ChapterFrontmatter, chapterFrontmatterSchema, plainText, slugify } from "@momenta/schema";
import type { Root } from "mdast";
import { visit } from "unist-util-visit";
import { parseRule } from "../catalog/parse.ts";
import { unsafeInputRule } from "../catalog/unsafe-input.ts";
import type { Chapter, CodeUse, ComponentUse, Heading } from "../model.ts";
import { parseProse, referenceNodes } from "../prose/parse.ts";
import type { SourceFile } from "../source/file.ts";
import { checkMarkdownLimits } from "../source/limits.ts";
import { createSlugger, type MdNode, mdText, parseFrontmatter, parseMdx } from "../source/mdx.ts";
import type { Limits } from "./limits.ts";
import type { PackContext } from "./pack.ts";
import { packChapterId, packFrontmatterSubject, scanChapterProse } from "./pack-chapter.ts";
import type { ReferenceStore } from "./references.ts";
import { type Collector, reportSchema } from "./report.ts";

/** Node types whose text is code, not prose: references inside them are not links. */
const CODE_NODES = new Set(["code", "inlineCode", "yaml"]);
/** MDX node types that would run code in a compiler; the linter only records where they are. */
const CODE_USES = new Set(["mdxjsEsm", "mdxFlowExpression", "mdxTextExpression"]);

/** Load one chapter file: undefined when it has no frontmatter to know it by. */
export function loadChapter(
  source: SourceFile,
  collector: Collector,
  limits: Limits,
  store: ReferenceStore,
  pack: PackContext | undefined,
): Chapter | undefined {
  const { frontmatter, problems } = parseFrontmatter(source.text, limits);
  for (const problem of problems) {
    const unsafe =
      problem.messageId === "yaml-aliases" ||
      problem.messageId === "frontmatter-format" ||
      problem.messageId === "too-deep";
    const limit = problem.messageId === "too-deep" ? limits.maxYamlNesting : limits.maxAliasCount;
    const data = { detail: problem.message, limit };
    collector.add(
      source,
      unsafe ? unsafeInputRule.meta : parseRule.meta,
      problem.messageId,
      data,
      problem.start,
      problem.end,
      // a frontmatter nested too deep is fixed differently from an entry's
      problem.messageId === "too-deep" ? { helpId: "too-deep.frontmatter" } : {},
    );
  }
  if (!frontmatter) return undefined;
  // a pack chapter's namespaced id is the pack's to check; the frontmatter schema checks the rest
  const fm = pack
    ? packFrontmatterSubject(pack, source, frontmatter.value, frontmatter.locate)
    : frontmatter.value;
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
  // micromark recurses per container and is quadratic in openers: text over the caps is never parsed
  const limited = checkMarkdownLimits(source.text.slice(frontmatter.end), limits);
  if (limited) {
    const at = frontmatter.end + limited.start;
    collector.add(source, unsafeInputRule.meta, limited.messageId, { limit: limited.limit }, at, at + 1);
    return undefined;
  }
  const parsed = parseMdx(source.text);
  // pack chapters are plain Markdown: MDX syntax does not apply, and what would be MDX is untrusted prose
  if (pack) scanChapterProse(pack, source, source.text.slice(frontmatter.end), frontmatter.end);
  for (const problem of pack ? [] : parsed.problems) {
    collector.add(source, parseRule.meta, "mdx", { detail: problem.message }, problem.start, problem.end);
  }
  const headings: Heading[] = [];
  const headingRanges: [number, number][] = [];
  const components: ComponentUse[] = [];
  const code: CodeUse[] = [];
  const excluded: [number, number][] = [[0, frontmatter.end]];
  if (parsed.tree) {
    const slug = createSlugger();
    // unist-util-visit walks the tree in document order (the Markdown caps above bound its depth)
    visit(parsed.tree as unknown as Root, (unistNode) => {
      const node = unistNode as unknown as MdNode;
      const start = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? start;
      if (CODE_NODES.has(node.type)) excluded.push([start, end]);
      else if (CODE_USES.has(node.type)) {
        code.push({ type: node.type, start, end });
        excluded.push([start, end]);
      } else if (node.type === "heading") {
        const text = plainText(mdText(node)).trim();
        headings.push({ depth: node.depth ?? 1, text, slug: slug(text) });
        headingRanges.push([start, end]);
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
  const id = pack ? packChapterId(pack.pack, source.file) : frontmatterData.id;
  const chapter: Chapter = {
    id,
    kind: "chapter",
    frontmatter: pack ? { ...frontmatterData, id } : frontmatterData,
    body: source.text.slice(frontmatter.end),
    bodyOffset: frontmatter.end,
    file: source.file,
    headings,
    headingRanges,
    get references() {
      return store.uses(firstReference, lastReference);
    },
    // a pack chapter keeps no components or code: it is Markdown, and untrusted-prose reported what was not
    components: pack ? [] : components,
    code: pack ? [] : code,
    valid: valid && (pack !== undefined || parsed.tree !== undefined),
  };
  if (pack) chapter.pack = pack.pack.id;
  return chapter;
}
