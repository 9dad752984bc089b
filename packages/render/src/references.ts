// Resolving [[references]] for the site: link targets, the page's set of linked ids, and the unresolved report
import { type ProseRenderOptions, renderProse, renderProseInline } from "@momenta/content";
import { type Reference, referenceText } from "@momenta/schema";
import type { ElementContent } from "hast";
import type { Chapter, ContentGraph, Entry } from "./graph.ts";
import { packOf, urlOf } from "./graph.ts";
import { fromHast, type HtmlNode, h, toHast } from "./html.ts";

export interface ResolvedLink {
  id: string;
  href: string;
  text: string;
}

export interface UnresolvedReference {
  raw: string;
  /** Entry id or chapter file the reference was written in. */
  from: string;
  reason: string;
}

// The build reports every unresolved reference once at the end (integration hook in astro.config)
const UNRESOLVED = Symbol.for("momenta.site.unresolved");
type GlobalUnresolved = { [UNRESOLVED]?: Map<string, UnresolvedReference> };

export function unresolvedReferences(): UnresolvedReference[] {
  return [...((globalThis as GlobalUnresolved)[UNRESOLVED]?.values() ?? [])];
}

function reportUnresolved(reference: UnresolvedReference): void {
  const store = globalThis as GlobalUnresolved;
  store[UNRESOLVED] ??= new Map();
  store[UNRESOLVED].set(`${reference.from}\u0000${reference.raw}`, reference);
}

/** Resolve one reference written in `from` (an entry id or chapter id), or undefined after reporting it. */
export function resolveLink(
  graph: ContentGraph,
  reference: Reference,
  from?: string,
): ResolvedLink | undefined {
  const result = graph.resolve(reference, from);
  if (!result.ok) {
    reportUnresolved({ raw: reference.raw, from: from ?? "", reason: result.reason });
    return undefined;
  }
  const target = result.target as Entry | Chapter;
  return {
    id: target.id,
    href: urlOf(target.id, result.anchor ?? reference.anchor),
    text: referenceText(reference),
  };
}

/**
 * Rendering state for one page: which ids its links point at (their previews are inlined once at the
 * end of the page) and how references render.
 */
export class PageLinks {
  readonly linked = new Set<string>();
  /** Heading level for a stat block's own sections (ranks, Resonance entries) on this page. */
  sectionLevel = 3;

  constructor(
    readonly graph: ContentGraph,
    /** Id of the page's own entry or chapter: links to itself render as plain text. */
    readonly self?: string,
  ) {}

  reference = (reference: Reference, from = this.self): HtmlNode => {
    const link = resolveLink(this.graph, reference, from);
    if (!link) {
      return h("span", { class: "ref-unresolved", title: `Unresolved reference ${reference.raw}` }, [
        referenceText(reference),
      ]);
    }
    if (link.id === this.self) return h("span", { class: "ref-self" }, [link.text]);
    this.linked.add(link.id);
    return h("a", { href: link.href, class: "ref", "data-ref": link.id }, [link.text]);
  };

  /** A link to an id known to exist (catalog rows, stat block fields holding ids). */
  link(id: string, label?: string): HtmlNode {
    const target = this.graph.get(id) as Entry | Chapter | undefined;
    if (!target) {
      reportUnresolved({ raw: id, from: this.self ?? "", reason: "no entry with this id" });
      return h("span", { class: "ref-unresolved", title: `Unknown id ${id}` }, [label ?? id]);
    }
    const name = label ?? ("name" in target ? target.name : target.frontmatter.title);
    if (id === this.self) return h("span", { class: "ref-self" }, [name]);
    this.linked.add(id);
    return h("a", { href: urlOf(id), class: "ref", "data-ref": id }, [name]);
  }

  /** A link without a preview card, for long generated lists where cards would outweigh the page. */
  plainLink(id: string, label: string): HtmlNode {
    return h("a", { href: urlOf(id) }, [label]);
  }

  /** Options for @momenta/content's prose pipeline: homebrew prose is untrusted (sanitized, no links out). */
  private prose(from: string | undefined): ProseRenderOptions {
    return {
      trust: from && packOf(this.graph, from) ? "untrusted" : "core",
      renderReference: (reference) => toHast(this.reference(reference, from)) as ElementContent,
    };
  }

  markdown(source: string, from = this.self): HtmlNode[] {
    return fromHast(renderProse(source, this.prose(from)).children);
  }

  inline(source: string, from = this.self): HtmlNode[] {
    return fromHast(renderProseInline(source, this.prose(from)));
  }
}
