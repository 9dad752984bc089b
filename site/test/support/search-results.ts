// In the page: where each search result sits against the search dialog's view, for the "ten on the screen" tests in Chromium and Firefox

/** Each result's height and whether it lies wholly inside the dialog's visible part (passed to `evaluateAll` / `$$eval`, so it runs in the browser and closes over nothing). */
export function resultBoxesInDialog(items: Element[]): { inside: boolean; height: number }[] {
  const dialog = ((items[0] as HTMLElement).closest("dialog") as HTMLElement).getBoundingClientRect();
  const bottom = Math.min(dialog.bottom, window.innerHeight);
  return items.map((item) => {
    const box = item.getBoundingClientRect();
    return { inside: box.top >= dialog.top && box.bottom <= bottom, height: Math.round(box.height) };
  });
}
