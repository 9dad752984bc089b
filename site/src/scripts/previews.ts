// Link previews: a tooltip on hover and keyboard focus; on touch, a tap opens a small non-modal dialog with an "open" link
const SHOW_DELAY_MS = 150;
const HIDE_DELAY_MS = 120;
/** What a keyboard can reach: the order Tab follows once a touch preview closes. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

let tooltip: HTMLDivElement | undefined;
let current: HTMLAnchorElement | undefined;
/** "tooltip" (hover, keyboard focus: focus stays on the reference) or "dialog" (touch: focus moves into it). */
let mode: "tooltip" | "dialog" | undefined;
let showTimer: number | undefined;
let hideTimer: number | undefined;
let cards: Map<string, Element> | undefined;
/** Set while focus is handed back to a reference, so that focus does not reopen its preview as a tooltip. */
let returning = false;

function cardFor(id: string): Element | undefined {
  // index the inlined cards once, on first use
  if (!cards) {
    cards = new Map();
    for (const card of document.querySelectorAll(".ref-previews [data-preview]")) {
      const key = card.getAttribute("data-preview");
      if (key && !cards.has(key)) cards.set(key, card);
    }
  }
  return cards.get(id);
}

function ensureTooltip(): HTMLDivElement {
  if (tooltip) return tooltip;
  tooltip = document.createElement("div");
  tooltip.id = "ref-preview";
  tooltip.className = "ref-preview";
  tooltip.setAttribute("role", "tooltip");
  tooltip.hidden = true;
  tooltip.addEventListener("mouseenter", () => window.clearTimeout(hideTimer));
  tooltip.addEventListener("mouseleave", () => {
    if (mode === "tooltip") scheduleHide();
  });
  tooltip.addEventListener("keydown", dialogKeys);
  // focus leaving the dialog for anything but its reference (a tap elsewhere, a screen reader's swipe) closes it
  tooltip.addEventListener("focusout", (event) => {
    const to = event.relatedTarget;
    if (mode === "dialog" && to instanceof Node && !tooltip?.contains(to) && to !== current) hide();
  });
  document.body.append(tooltip);
  return tooltip;
}

function position(link: HTMLElement, box: HTMLElement): void {
  const rect = link.getBoundingClientRect();
  const width = Math.min(360, window.innerWidth - 16);
  box.style.width = `${width}px`;
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - width - 8));
  const below = rect.bottom + 8;
  const height = box.offsetHeight;
  const top =
    below + height > window.innerHeight && rect.top - height - 8 > 0 ? rect.top - height - 8 : below;
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${top + window.scrollY}px`;
}

/**
 * Shows the link's card. As a tooltip (hover, keyboard focus) it describes the focused reference; as a dialog (a
 * tap) it carries an "open" link, since there is no hover to read it by, and takes focus (WAI-ARIA APG: a
 * non-modal dialog moves focus into itself and gives it back to what opened it).
 */
function show(link: HTMLAnchorElement, as: "tooltip" | "dialog"): boolean {
  const id = link.dataset.ref;
  const card = id ? cardFor(id) : undefined;
  if (!card) return false;
  const box = ensureTooltip();
  window.clearTimeout(hideTimer);
  window.clearTimeout(showTimer);
  if (current && current !== link) release(current);
  current = link;
  mode = as;
  const content = card.cloneNode(true) as Element;
  const title = card.querySelector(".ref-card__title")?.textContent ?? link.textContent ?? "page";
  let open: HTMLAnchorElement | undefined;
  if (as === "dialog") {
    open = document.createElement("a");
    open.href = link.href;
    open.className = "ref-card__open-link";
    open.textContent = `Open ${title} →`;
    const line = document.createElement("p");
    line.className = "ref-card__open";
    line.append(open);
    content.append(line);
  }
  box.replaceChildren(content);
  box.dataset.touch = as === "dialog" ? "true" : "false";
  box.setAttribute("role", as === "dialog" ? "dialog" : "tooltip");
  if (as === "dialog") {
    box.setAttribute("aria-label", `Preview: ${title}`);
    // the reference now controls an open popup; it is not "described by" a dialog with a link in it
    link.removeAttribute("aria-describedby");
    link.setAttribute("aria-expanded", "true");
    link.setAttribute("aria-controls", box.id);
  } else {
    box.removeAttribute("aria-label");
    link.setAttribute("aria-describedby", box.id);
  }
  box.hidden = false;
  position(link, box);
  open?.focus({ preventScroll: true });
  return true;
}

/** The reference no longer has a preview open. */
function release(link: HTMLAnchorElement): void {
  link.removeAttribute("aria-describedby");
  link.removeAttribute("aria-expanded");
  link.removeAttribute("aria-controls");
}

/** Closes the preview; `focus` hands focus back to the reference (a dialog closed by Escape, a tap or Shift+Tab). */
function hide(focus?: HTMLElement): void {
  window.clearTimeout(showTimer);
  window.clearTimeout(hideTimer);
  if (tooltip) tooltip.hidden = true;
  const link = current;
  if (link) release(link);
  current = undefined;
  mode = undefined;
  if (focus) {
    returning = true;
    focus.focus({ preventScroll: true });
    returning = false;
  }
}

function scheduleHide(): void {
  window.clearTimeout(showTimer);
  window.clearTimeout(hideTimer);
  hideTimer = window.setTimeout(() => hide(), HIDE_DELAY_MS);
}

/** The next element Tab would reach after `from` in the page (the dialog itself, at the body's end, left out). */
function nextTabbable(from: Element): HTMLElement | undefined {
  for (const element of document.querySelectorAll<HTMLElement>(TABBABLE)) {
    if (tooltip?.contains(element) || from.contains(element)) continue;
    if (!(from.compareDocumentPosition(element) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
    if (element.tabIndex < 0 || element.getClientRects().length === 0) continue;
    return element;
  }
  return undefined;
}

/** Keys inside a touch preview: Escape closes it; Tab past either end closes it and goes on from the reference. */
function dialogKeys(event: KeyboardEvent): void {
  if (mode !== "dialog" || !current || !tooltip) return;
  const link = current;
  if (event.key === "Escape") {
    event.preventDefault();
    hide(link);
    return;
  }
  if (event.key !== "Tab") return;
  const inside = [...tooltip.querySelectorAll<HTMLElement>(TABBABLE)];
  const edge = event.shiftKey ? inside[0] : inside[inside.length - 1];
  if (document.activeElement !== edge) return;
  event.preventDefault();
  // Shift+Tab goes back to the reference; Tab goes on to what follows it, as if the preview sat right after it
  hide(event.shiftKey ? link : (nextTabbable(link) ?? link));
}

function linkFrom(target: EventTarget | null): HTMLAnchorElement | undefined {
  const element = target instanceof Element ? target.closest("a[data-ref]") : null;
  return element instanceof HTMLAnchorElement ? element : undefined;
}

// a tap is a touch pointer's click: the first tap on a reference previews it, a second tap (or "open") follows it
let lastPointer = "mouse";
const LISTS = ".catalog, .referrers, .entry-list";
document.addEventListener("pointerdown", (event) => {
  lastPointer = event.pointerType;
});
document.addEventListener("click", (event) => {
  if (lastPointer !== "touch" && lastPointer !== "pen") return;
  const link = linkFrom(event.target);
  // in a list of links (a catalog, "Referenced by", "Entries with …") a tap follows the link: each row already
  // says what its card would, and a list is read to pick one
  if (link?.closest(LISTS)) return;
  if (link && !tooltip?.contains(link)) {
    const previewing = current === link && mode === "dialog" && !tooltip?.hidden;
    if (!previewing && show(link, "dialog")) event.preventDefault();
    return;
  }
  // a tap outside the preview closes it; focus goes back to the reference unless the tap gave it to something else
  if (mode === "dialog" && tooltip && !(event.target instanceof Node && tooltip.contains(event.target))) {
    const active = document.activeElement;
    const focusLeft = !active || active === document.body || tooltip.contains(active);
    hide(focusLeft ? current : undefined);
  }
});

document.addEventListener("mouseover", (event) => {
  if (lastPointer === "touch" || lastPointer === "pen" || mode === "dialog") return;
  const link = linkFrom(event.target);
  if (!link || link === current) return;
  window.clearTimeout(showTimer);
  showTimer = window.setTimeout(() => show(link, "tooltip"), SHOW_DELAY_MS);
});
document.addEventListener("mouseout", (event) => {
  if (mode !== "dialog" && linkFrom(event.target)) scheduleHide();
});
document.addEventListener("focusin", (event) => {
  const link = linkFrom(event.target);
  // only keyboard focus previews (a tap's focus is followed by its click); a dialog keeps its place
  if (!link || returning || mode === "dialog" || !link.matches(":focus-visible")) return;
  show(link, "tooltip");
});
document.addEventListener("focusout", (event) => {
  if (mode === "tooltip" && linkFrom(event.target)) scheduleHide();
});
// APG tooltip: Escape dismisses it and focus stays where it is
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && mode === "tooltip") hide();
});
