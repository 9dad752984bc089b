// Remark plugin for chapters: [[references]] become links via graph.resolve, and the page's previews are inlined
import { resolve } from "node:path";
import { applyUrlPolicy, remarkReferenceSyntax } from "@momenta/content";
import { entryList, PageLinks, previewContainer, renderStatBlock, toHast, toHtml } from "@momenta/render";
import { type Reference, referenceText } from "@momenta/schema";
import type { Root } from "mdast";
import type { Processor } from "unified";
import { visit } from "unist-util-visit";
import {
  absolutePath,
  type Chapter,
  type ContentGraph,
  type Entry,
  getGraph,
  houseRulesOf,
} from "./content.ts";
import { statBlockAnchors } from "./statblock-anchors.ts";

interface MdastNode {
  type: string;
  value?: string;
  url?: string;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: MdastNode[];
  data?: Record<string, unknown>;
}

function attribute(node: MdastNode, name: string): string | undefined {
  const found = node.attributes?.find((item) => item.type === "mdxJsxAttribute" && item.name === name);
  return typeof found?.value === "string" ? found.value : undefined;
}

/** The chapter a compiled file is, matched on its absolute path. */
function chapterFor(graph: ContentGraph, path: string | undefined): Chapter | undefined {
  if (!path) return undefined;
  const absolute = resolve(path);
  return graph.chapters.find((chapter) => absolutePath(graph, chapter.file) === absolute);
}

/**
 * The reference syntax (a micromark extension, so `[[art:Rend]]` is one token before Starlight's directives read
 * `:Rend`), then every `reference` node becomes a link, a self link's plain text or a marked unresolved span.
 */
export function remarkReferences(this: Processor) {
  remarkReferenceSyntax.call(this);
  return async (tree: Root, file: { path?: string }) => {
    const graph = await getGraph();
    const chapter = chapterFor(graph, file.path);
    const links = new PageLinks(graph, chapter?.id);
    // the one URL policy: links the linter's `prose-links` refuses never reach the page
    applyUrlPolicy(tree, "core");

    // embedded stat blocks and entry lists are rendered here, once: their links' targets join this page's
    // previews, and the component only writes the HTML it is handed
    // an embedded stat block's name sits one level below the section it is in (h2 before the chapter's first
    // section, h3 after it), so the page's headings never skip a level (axe heading-order)
    let section = 1;
    const anchors = new Map(
      (chapter ? statBlockAnchors(graph, chapter) : []).map((block) => [block.entry, block.anchor]),
    );
    const anchored = new Set<string>();
    visit(tree, (node) => {
      const element = node as MdastNode;
      if (node.type === "heading") section = node.depth;
      if (element.type !== "mdxJsxFlowElement" && element.type !== "mdxJsxTextElement") return;
      const id = element.name === "StatBlock" ? attribute(element, "id") : undefined;
      const embedded = id ? (graph.get(id) as Entry | undefined) : undefined;
      const kind = element.name === "EntryList" ? attribute(element, "kind") : undefined;
      const rendered =
        embedded && "kind" in embedded
          ? renderStatBlock(embedded, links, {
              headingLevel: section < 2 ? 2 : 3,
              linkName: true,
              houseRules: houseRulesOf(embedded),
              // an entry embedded twice is anchored once
              anchor: id && !anchored.has(id) ? (anchored.add(id), anchors.get(id)) : undefined,
            })
          : kind
            ? entryList(graph, kind, links)
            : undefined;
      if (rendered)
        element.attributes?.push({ type: "mdxJsxAttribute", name: "html", value: toHtml(rendered) });
    });
    visit(tree, "reference", (node, index, parent) => {
      if (!parent || index === undefined) return;
      // inside a link's text a reference cannot be a second link: its words stay
      const inLink = parent.type === "link" || parent.type === "linkReference";
      const replacement = inLink
        ? { type: "text", value: referenceText(node.reference) }
        : referenceLink(node.reference, links);
      parent.children.splice(index, 1, replacement as never);
    });

    if (links.linked.size > 0) {
      tree.children.push({
        type: "paragraph",
        children: [],
        data: {
          hName: "div",
          hChildren: toHast(previewContainer(graph, links.linked)).children ?? [],
          hProperties: {
            id: "ref-previews",
            className: ["ref-previews"],
            hidden: true,
            dataPagefindIgnore: "all",
          },
        } as never,
      });
    }
  };
}

/** One reference as mdast the Markdown pipeline turns into `<a class="ref">` or a marked `<span>`. */
function referenceLink(reference: Reference, links: PageLinks): MdastNode {
  const rendered = links.reference(reference);
  const label = referenceText(reference);
  if (rendered.type === "element" && rendered.tagName === "a") {
    return {
      type: "link",
      url: String(rendered.properties.href),
      children: [{ type: "text", value: label }],
      data: { hProperties: { className: ["ref"], dataRef: rendered.properties["data-ref"] } },
    };
  }
  const className = rendered.type === "element" ? String(rendered.properties.class ?? "") : "";
  return {
    type: "emphasis",
    children: [{ type: "text", value: label }],
    data: {
      hName: "span",
      hProperties: {
        className: className.split(" "),
        title: rendered.type === "element" ? rendered.properties.title : undefined,
      },
    },
  };
}
