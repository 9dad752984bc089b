// The phone menu opens at the current page: Starlight's menu shows the sidebar from its top, which on a catalog
// entry is a long scroll away from the highlighted link
const menu = document.querySelector("starlight-menu-button");
if (menu)
  new MutationObserver(() => {
    if (menu.getAttribute("aria-expanded") !== "true") return;
    const current = document.querySelector<HTMLElement>(
      '#starlight__sidebar [aria-current="page"], #starlight__sidebar [data-current-catalog]',
    );
    // the sidebar pane is the scroller; the page under the open menu does not move
    current?.scrollIntoView({ block: "center", inline: "nearest" });
  }).observe(menu, { attributes: true, attributeFilter: ["aria-expanded"] });
