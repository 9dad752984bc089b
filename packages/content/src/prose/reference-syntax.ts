// The `[[…]]` reference syntax as a micromark extension + mdast-util extension: a `reference` node, tokenized first
import { parseReferenceBody, type Reference, referenceText } from "@momenta/schema";
import type { Data } from "mdast";
import type { Extension as FromMarkdownExtension, Token } from "mdast-util-from-markdown";
import type { Code, Construct, Effects, Extension, State, TokenizeContext } from "micromark-util-types";
import type { Processor } from "unified";

declare module "micromark-util-types" {
  interface TokenTypeMap {
    momentaReference: "momentaReference";
    momentaReferenceMarker: "momentaReferenceMarker";
    momentaReferenceBody: "momentaReferenceBody";
  }
}

/** A `[[…]]` reference in an mdast tree: the parse of its body, and a fallback rendering as its display text. */
export interface ReferenceNode {
  type: "reference";
  /** The whole reference as written in the source (`[[Hindered\|hindered]]` in a table keeps its escape). */
  raw: string;
  reference: Reference;
  /** mdast's own data (remark-rehype reads `hName` and `hChildren` from it). */
  data?: Data;
  position?: { start: Point; end: Point };
}
interface Point {
  line: number;
  column: number;
  offset?: number;
}

declare module "mdast" {
  interface PhrasingContentMap {
    reference: ReferenceNode;
  }
  interface RootContentMap {
    reference: ReferenceNode;
  }
}

const LEFT_BRACKET = 91;
const RIGHT_BRACKET = 93;

/**
 * @momenta/schema's tokenizer (`referenceEndAt`) restated for micromark, which hands a construct one character
 * code at a time rather than the string: the body runs to the first bracket or line ending, so an attempt that
 * fails stops at a bracket, no character is scanned by two attempts and tokenizing stays linear. Markdown also ends
 * a line at a lone CR, which the string tokenizer keeps in a body; `same-references.test.ts` holds the two to the
 * same references over the real content.
 */
function tokenizeReference(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  const start: State = (code) => {
    effects.enter("momentaReference");
    effects.enter("momentaReferenceMarker");
    effects.consume(code);
    return secondOpen;
  };
  const secondOpen: State = (code) => {
    if (code !== LEFT_BRACKET) return nok(code);
    effects.consume(code);
    effects.exit("momentaReferenceMarker");
    return bodyStart;
  };
  const ends = (code: Code) => code === null || code === LEFT_BRACKET || code < -2;
  const bodyStart: State = (code) => {
    if (ends(code) || code === RIGHT_BRACKET) return nok(code);
    effects.enter("momentaReferenceBody");
    effects.consume(code);
    return body;
  };
  const body: State = (code) => {
    if (ends(code)) return nok(code);
    if (code === RIGHT_BRACKET) {
      effects.exit("momentaReferenceBody");
      effects.enter("momentaReferenceMarker");
      effects.consume(code);
      return secondClose;
    }
    effects.consume(code);
    return body;
  };
  const secondClose: State = (code) => {
    if (code !== RIGHT_BRACKET) return nok(code);
    effects.consume(code);
    effects.exit("momentaReferenceMarker");
    effects.exit("momentaReference");
    return ok;
  };
  return start;
}

const referenceConstruct: Construct = {
  name: "momentaReference",
  tokenize: tokenizeReference,
  add: "before",
};

/** micromark syntax: `[[` starts a reference before links, directives (`:Name`) or emphasis can claim its text. */
export function referenceSyntax(): Extension {
  return { text: { [LEFT_BRACKET]: referenceConstruct } };
}

/** mdast-util-from-markdown: each reference token becomes one `reference` node. */
export function referenceFromMarkdown(): FromMarkdownExtension {
  return {
    enter: {
      momentaReference(token: Token) {
        const raw = this.sliceSerialize(token);
        // inside GFM tables a label's bar is written `\|`
        const reference = parseReferenceBody(raw.slice(2, -2).replace(/\\\|/g, "|"));
        const node: ReferenceNode = {
          type: "reference",
          raw,
          reference: { ...reference, raw, start: token.start.offset, end: token.end.offset },
          data: { hName: "span", hChildren: [{ type: "text", value: referenceText(reference) }] },
        };
        this.enter(node as never, token);
      },
    },
    exit: {
      momentaReference(token: Token) {
        this.exit(token);
      },
    },
  };
}

/** mdast-util-to-markdown: a reference prints as written. */
export function referenceToMarkdown() {
  return { handlers: { reference: (node: ReferenceNode) => node.raw } };
}

/** Remark plugin adding the syntax: `unified().use(remarkParse).use(remarkReferenceSyntax)`. */
export function remarkReferenceSyntax(this: Processor): void {
  const data = this.data() as Record<string, unknown>;
  const add = (field: string, value: unknown) => {
    const list = (data[field] as unknown[] | undefined) ?? [];
    data[field] = list;
    list.push(value);
  };
  add("micromarkExtensions", referenceSyntax());
  add("fromMarkdownExtensions", referenceFromMarkdown());
  add("toMarkdownExtensions", referenceToMarkdown());
}
