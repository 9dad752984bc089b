// Link previews on hover and keyboard focus: one delegated listener set, cards read from the page's inline set
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

function show(link: HTMLAnchorElement): void {
  const id = link.dataset.ref;
  const card = id ? cardFor(id) : undefined;
  if (!card) return;
  const box = ensureTooltip();
  window.clearTimeout(hideTimer);
  if (current && current !== link) current.removeAttribute("aria-describedby");
  current = link;
  box.replaceChildren(card.cloneNode(true));
  box.hidden = false;
  link.setAttribute("aria-describedby", box.id);
  position(link, box);
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

document.addEventListener("mouseover", (event) => {
  const link = linkFrom(event.target);
  if (!link || link === current) return;
  window.clearTimeout(showTimer);
  showTimer = window.setTimeout(() => show(link), SHOW_DELAY_MS);
});
document.addEventListener("mouseout", (event) => {
  if (linkFrom(event.target)) scheduleHide();
});
document.addEventListener("focusin", (event) => {
  const link = linkFrom(event.target);
  if (link) show(link);
});
document.addEventListener("focusout", (event) => {
  if (linkFrom(event.target)) scheduleHide();
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && current) hide();
});
