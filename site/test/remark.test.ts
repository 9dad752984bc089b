// The chapter remark plugin: references become links (self links plain text, unknown ones marked) and the
// chapter's preview cards are appended once
import remarkDirective from "remark-directive";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { beforeAll, describe, expect, it } from "vitest";
import { absolutePath, type ContentGraph, getGraph } from "../src/lib/content.ts";
import { remarkReferences } from "../src/lib/remark-references.ts";

let graph: ContentGraph;
beforeAll(async () => {
  graph = await getGraph();
});

interface Node {
  type: string;
  value?: string;
  url?: string;
  children?: Node[];
  data?: {
    hName?: string;
    hProperties?: Record<string, unknown>;
    hChildren?: Array<{ properties?: Record<string, unknown> }>;
  };
}

async function transform(text: string, chapterId: string, mdx = false): Promise<Node> {
  const chapter = graph.chapters.find((candidate) => candidate.id === chapterId);
  if (!chapter) throw new Error(`no chapter ${chapterId}`);
  const processor = unified().use(remarkParse).use(remarkDirective).use(remarkReferences);
  if (mdx) processor.use(remarkMdx);
  const tree = await processor.run(processor.parse(text), {
    path: absolutePath(graph, chapter.file),
  } as never);
  return tree as unknown as Node;
}

describe("remarkReferences", () => {
  it("links resolved references, keeps self references as text, marks unknown ones", async () => {
    const tree = await transform(
      "Take [[Hindered|hindered]] here; see [[Conditions and States]] and [[No Such Term]].",
      "chapter/conditions-and-states",
    );
    const paragraph = tree.children?.[0]?.children ?? [];
    expect(paragraph.map((node) => node.type)).toEqual([
      "text",
      "link",
      "text",
      "emphasis",
      "text",
      "emphasis",
      "text",
    ]);
    const link = paragraph[1];
    expect(link?.url).toBe("/condition/hindered/");
    expect(link?.children?.[0]?.value).toBe("hindered");
    expect(link?.data?.hProperties).toMatchObject({ dataRef: "condition/hindered" });
    expect(paragraph[3]?.data?.hProperties?.className).toEqual(["ref-self"]);
    expect(paragraph[5]?.data?.hProperties?.className).toEqual(["ref-unresolved"]);
  });

  it("links kind-qualified references even with Starlight's directive syntax (`:Name`) in the processor", async () => {
    const tree = await transform(
      "Use [[maneuver:Move]], *[[condition:Hindered|slowed]]* and [[reaction:Nothing Here]].",
      "chapter/rolling-dice",
    );
    const paragraph = tree.children?.[0]?.children ?? [];
    const links = paragraph.filter((node) => node.type === "link");
    expect(links.map((node) => node.url)).toEqual(["/maneuver/move/"]);
    const emphasis = paragraph.find((node) => node.type === "emphasis");
    expect(emphasis?.children?.[0]?.url).toBe("/condition/hindered/");
    expect(emphasis?.children?.[0]?.children?.[0]?.value).toBe("slowed");
    const unresolved = paragraph.find(
      (node) => node.data?.hProperties?.className?.toString() === "ref-unresolved",
    );
    expect(unresolved?.children?.[0]?.value).toBe("Nothing Here");
    expect(paragraph.some((node) => node.type === "textDirective")).toBe(false);
  });

  it("appends one hidden preview card per linked id", async () => {
    const tree = await transform(
      "[[Hindered]], [[Hindered]] and [[reaction:Dodge]].",
      "chapter/rolling-dice",
    );
    const previews = tree.children?.at(-1);
    expect(previews?.data?.hProperties).toMatchObject({ id: "ref-previews", hidden: true });
    const ids = previews?.data?.hChildren?.map((card) => card.properties?.dataPreview);
    expect(ids).toEqual(["condition/hindered", "reaction/dodge"]);
  });

  it("renders an embedded stat block once, handing its HTML to the component, and previews its links", async () => {
    const tree = await transform('<StatBlock id="condition/hindered" />', "chapter/rolling-dice", true);
    const element = tree.children?.[0] as Node & { attributes?: Array<{ name: string; value: string }> };
    const html = element.attributes?.find((attribute) => attribute.name === "html")?.value ?? "";
    expect(html).toContain('class="statblock statblock--condition"');
    expect(html).toContain('data-ref="reaction/dodge"');
    const ids = tree.children?.at(-1)?.data?.hChildren?.map((card) => card.properties?.dataPreview);
    expect(ids).toContain("reaction/dodge");
  });

  it("drops the links the URL policy refuses (the linter's prose-links reports the same), keeping their words", async () => {
    const tree = await transform(
      "[a](javascript:alert(1)) [b](//evil.example/) [c](/condition/hindered/)",
      "chapter/rolling-dice",
    );
    const paragraph = tree.children?.[0]?.children ?? [];
    expect(paragraph.filter((node) => node.type === "link").map((node) => node.url)).toEqual([
      "/condition/hindered/",
    ]);
    expect(paragraph.map((node) => node.value ?? node.children?.[0]?.value).join("")).toBe("a b c");
  });
});
