// Remark plugin for chapters: [[references]] become links via graph.resolve, and the page's previews are inlined
import { resolve } from "node:path";
import { findReferences, referenceText } from "@momenta/schema";
import { renderStatBlock } from "../statblocks/index.ts";
import { entryList } from "./catalog.ts";
import { absolutePath, type Chapter, type Entry, getGraph } from "./content.ts";
import { toHast } from "./html.ts";
import { previewContainer } from "./previews.ts";
import { PageLinks } from "./references.ts";

interface MdastNode {
  type: string;
  value?: string;
  url?: string;
  name?: string | null;
  attributes?: Array<{ type: string; name?: string; value?: unknown }>;
  children?: MdastNode[];
  data?: Record<string, unknown>;
}

const SKIP = new Set([
  "code",
  "inlineCode",
  "link",
  "linkReference",
  "definition",
  "html",
  "mdxjsEsm",
  "mdxFlowExpression",
  "mdxTextExpression",
  "yaml",
]);

function attribute(node: MdastNode, name: string): string | undefined {
  const found = node.attributes?.find((item) => item.type === "mdxJsxAttribute" && item.name === name);
  return typeof found?.value === "string" ? found.value : undefined;
}

/** The chapter a compiled file is, matched on its absolute path. */
function chapterFor(chapters: readonly Chapter[], path: string | undefined): Chapter | undefined {
  if (!path) return undefined;
  const absolute = resolve(path);
  return chapters.find((chapter) => absolutePath(chapter.file) === absolute);
}

export function remarkReferences() {
  return async (tree: MdastNode, file: { path?: string }) => {
    const graph = await getGraph();
    const chapter = chapterFor(graph.chapters, file.path);
    const links = new PageLinks(graph, chapter?.id);

    const visit = (node: MdastNode) => {
      const children = node.children;
      if (!children) return;
      for (let index = 0; index < children.length; index++) {
        const child = children[index] as MdastNode;
        if (SKIP.has(child.type)) continue;
        if (child.type === "mdxJsxFlowElement" || child.type === "mdxJsxTextElement") {
          // embedded stat blocks and entry lists link too: their targets need previews on this page
          const id = child.name === "StatBlock" ? attribute(child, "id") : undefined;
          const embedded = id ? (graph.get(id) as Entry | undefined) : undefined;
          if (embedded && "kind" in embedded)
            renderStatBlock(embedded, links, { headingLevel: 3, linkName: true });
          const kind = child.name === "EntryList" ? attribute(child, "kind") : undefined;
          if (kind) entryList(graph, kind, links);
        }
        if (child.type === "text" && child.value?.includes("[[")) {
          const replacement = splitText(child.value, links);
          children.splice(index, 1, ...replacement);
          index += replacement.length - 1;
          continue;
        }
        visit(child);
      }
    };
    visit(tree);

    if (links.linked.size > 0) {
      tree.children ??= [];
      tree.children.push({
        type: "paragraph",
        children: [],
        data: {
          hName: "div",
          hChildren: toHast(previewContainer(graph, links.linked)).children ?? [],
          hProperties: { id: "ref-previews", hidden: true, dataPagefindIgnore: "all" },
        },
      });
    }
  };
}

function splitText(value: string, links: PageLinks): MdastNode[] {
  const out: MdastNode[] = [];
  let last = 0;
  for (const reference of findReferences(value)) {
    if (reference.start > last) out.push({ type: "text", value: value.slice(last, reference.start) });
    const rendered = links.reference(reference);
    const label = referenceText(reference);
    if (rendered.type === "element" && rendered.tagName === "a") {
      out.push({
        type: "link",
        url: String(rendered.properties.href),
        children: [{ type: "text", value: label }],
        data: { hProperties: { className: ["ref"], dataRef: rendered.properties["data-ref"] } },
      });
    } else {
      const className = rendered.type === "element" ? String(rendered.properties.class ?? "") : "";
      out.push({
        type: "emphasis",
        children: [{ type: "text", value: label }],
        data: {
          hName: "span",
          hProperties: {
            className: className.split(" "),
            title: rendered.type === "element" ? rendered.properties.title : undefined,
          },
        },
      });
    }
    last = reference.end;
  }
  if (last < value.length) out.push({ type: "text", value: value.slice(last) });
  return out;
}
