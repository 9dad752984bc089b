// "/" opens the search dialog, as on most reference sites (Starlight itself listens for Ctrl/⌘ K only)
document.addEventListener("keydown", (event) => {
  if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  const target = event.target;
  // a slash typed into a field, or inside the open dialog, is text
  if (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest("input, textarea, select, dialog[open]"))
  )
    return;
  const open = document.querySelector<HTMLButtonElement>("site-search button[data-open-modal]");
  if (!open) return;
  event.preventDefault();
  open.click();
});
