// Wide tables: a region that scrolls sideways says so ("scroll for more"), and stops saying so at its end
const HINT = "Scroll sideways for more →";

function watch(region: HTMLElement): void {
  const hint = document.createElement("p");
  hint.className = "scroll-cue";
  hint.setAttribute("aria-hidden", "true");
  hint.textContent = HINT;
  hint.hidden = true;
  region.before(hint);
  const update = () => {
    const overflowing = region.scrollWidth > region.clientWidth + 1;
    region.toggleAttribute("data-overflow", overflowing);
    hint.hidden = !overflowing;
    const end = region.scrollLeft + region.clientWidth >= region.scrollWidth - 1;
    region.toggleAttribute("data-at-end", overflowing && end);
  };
  new ResizeObserver(update).observe(region);
  region.addEventListener("scroll", update, { passive: true });
  update();
}

// the site's scroll regions, and any table that is its own scroller (Starlight makes Markdown tables blocks)
const scrolls = (element: HTMLElement) => /^(auto|scroll)$/.test(getComputedStyle(element).overflowX);
for (const region of document.querySelectorAll<HTMLElement>("main .table-scroll, main table")) {
  if (region.matches(".table-scroll") || scrolls(region)) watch(region);
}
