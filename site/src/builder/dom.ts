// Small DOM helpers for the builder: elements from tag, attributes and children (text is always text, never HTML)
import type { HtmlNode } from "@momenta/render/sheet";

type Child = Node | string | false | null | undefined;
type Attributes = Record<string, string | number | boolean | undefined>;

/** An element; pack strings go in as text nodes, so nothing a pack supplies is ever parsed as HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name === "value" && "value" in element) (element as HTMLInputElement).value = String(value);
    else if (name === "checked" && element instanceof HTMLInputElement) element.checked = Boolean(value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

export interface Choice {
  value: string;
  label: string;
  /** Options grouped under an `<optgroup>` of this label. */
  group?: string;
}

/** A `<select>` of choices, grouped by `group` in first-seen order; `placeholder` is a first, empty choice. */
export function select(attributes: Attributes, choices: Choice[], value: string, placeholder?: string) {
  const element = el("select", attributes);
  if (placeholder !== undefined) element.append(el("option", { value: "" }, [placeholder]));
  const groups = new Map<string, HTMLOptGroupElement>();
  for (const choice of choices) {
    const option = el("option", { value: choice.value }, [choice.label]);
    if (choice.group === undefined) element.append(option);
    else {
      let group = groups.get(choice.group);
      if (!group) {
        group = el("optgroup", { label: choice.group });
        groups.set(choice.group, group);
        element.append(group);
      }
      group.append(option);
    }
  }
  element.value = value;
  return element;
}

/** A labelled field: the label's text, the control, and an optional hint the control is described by. */
export function field(label: string, control: HTMLElement, hint?: string): HTMLElement {
  const id = control.id;
  const hintId = hint ? `${id}-hint` : undefined;
  if (hintId) control.setAttribute("aria-describedby", hintId);
  return el("div", { class: "builder-field" }, [
    el("label", { for: id }, [label]),
    control,
    hint ? el("span", { class: "builder-hint", id: hintId }, [hint]) : null,
  ]);
}

/** Saves a text as a file the browser downloads. */
export function download(name: string, text: string, type = "application/json"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A render-layer tree (the character sheet) as DOM nodes: built element by element, text as text, never parsed. */
export function fromTree(nodes: readonly HtmlNode[]): Node[] {
  return nodes.map((node) => {
    if (node.type === "text") return document.createTextNode(node.value);
    const element = document.createElement(node.tagName);
    for (const [name, value] of Object.entries(node.properties)) {
      if (value === undefined || value === false) continue;
      element.setAttribute(name === "className" ? "class" : name, value === true ? "" : String(value));
    }
    element.append(...fromTree(node.children));
    return element;
  });
}
