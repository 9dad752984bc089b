// Link previews on hover, keyboard focus and touch (a tap previews, with an "open" link; a second tap opens)
const SHOW_DELAY_MS = 150;
const HIDE_DELAY_MS = 120;

let tooltip: HTMLDivElement | undefined;
let current: HTMLAnchorElement | undefined;
let showTimer: number | undefined;
let hideTimer: number | undefined;
let cards: Map<string, Element> | undefined;

function cardFor(id: string): Element | undefined {
  // index the inlined cards once, on first use
  if (!cards) {
    cards = new Map();
    for (const card of document.querySelectorAll("#ref-previews [data-preview]")) {
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
  tooltip.addEventListener("mouseleave", () => scheduleHide());
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

/** Shows the link's card; a touch preview also carries an "open" link, since there is no hover to read it by. */
function show(link: HTMLAnchorElement, touch = false): boolean {
  const id = link.dataset.ref;
  const card = id ? cardFor(id) : undefined;
  if (!card) return false;
  const box = ensureTooltip();
  window.clearTimeout(hideTimer);
  window.clearTimeout(showTimer);
  if (current && current !== link) current.removeAttribute("aria-describedby");
  current = link;
  const content = card.cloneNode(true) as Element;
  if (touch) {
    const open = document.createElement("a");
    open.href = link.href;
    open.className = "ref-card__open-link";
    open.textContent = `Open ${card.querySelector(".ref-card__title")?.textContent ?? "page"} →`;
    const line = document.createElement("p");
    line.className = "ref-card__open";
    line.append(open);
    content.append(line);
  }
  box.replaceChildren(content);
  box.dataset.touch = touch ? "true" : "false";
  // with a link inside, a touch preview is a small non-modal dialog rather than a tooltip
  box.setAttribute("role", touch ? "dialog" : "tooltip");
  if (touch) box.setAttribute("aria-label", `Preview: ${link.textContent ?? ""}`);
  else box.removeAttribute("aria-label");
  box.hidden = false;
  link.setAttribute("aria-describedby", box.id);
  position(link, box);
  return true;
}

function hide(): void {
  window.clearTimeout(showTimer);
  if (tooltip) tooltip.hidden = true;
  current?.removeAttribute("aria-describedby");
  current = undefined;
}

function scheduleHide(): void {
  window.clearTimeout(showTimer);
  window.clearTimeout(hideTimer);
  hideTimer = window.setTimeout(hide, HIDE_DELAY_MS);
}

function linkFrom(target: EventTarget | null): HTMLAnchorElement | undefined {
  const element = target instanceof Element ? target.closest("a[data-ref]") : null;
  return element instanceof HTMLAnchorElement ? element : undefined;
}

// a tap is a touch pointer's click: the first tap on a reference previews it, a second tap (or "open") follows it
let lastPointer = "mouse";
document.addEventListener("pointerdown", (event) => {
  lastPointer = event.pointerType;
});
document.addEventListener("click", (event) => {
  if (lastPointer !== "touch" && lastPointer !== "pen") return;
  const link = linkFrom(event.target);
  if (link) {
    const previewing = current === link && tooltip?.dataset.touch === "true" && !tooltip.hidden;
    if (!previewing && show(link, true)) event.preventDefault();
    return;
  }
  // a tap outside the preview closes it
  if (tooltip && !tooltip.hidden && !(event.target instanceof Node && tooltip.contains(event.target))) hide();
});

document.addEventListener("mouseover", (event) => {
  if (lastPointer === "touch" || lastPointer === "pen") return;
  const link = linkFrom(event.target);
  if (!link || link === current) return;
  window.clearTimeout(showTimer);
  showTimer = window.setTimeout(() => show(link), SHOW_DELAY_MS);
});
document.addEventListener("mouseout", (event) => {
  if (tooltip?.dataset.touch !== "true" && linkFrom(event.target)) scheduleHide();
});
document.addEventListener("focusin", (event) => {
  const link = linkFrom(event.target);
  if (link && tooltip?.dataset.touch !== "true") show(link);
});
document.addEventListener("focusout", (event) => {
  if (tooltip?.dataset.touch !== "true" && linkFrom(event.target)) scheduleHide();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && current) hide();
});
