// The offline page's list of the parts the precache left out, each with a checkbox that has the service worker keep
// it on this device (or drop it); every text is set as text, never as HTML
import {
  countOf,
  KEEP_MESSAGE,
  KEPT_MARKER,
  type KeepMessage,
  type KeepReply,
  keepCacheName,
  type OfflinePart,
  PARTS_FILE,
  type PartsIndex,
} from "../sw/keep.ts";

const section = document.querySelector<HTMLElement>("[data-offline-parts]");
const list = section?.querySelector<HTMLUListElement>("[data-offline-parts-list]");
const status = section?.querySelector<HTMLElement>("[data-offline-parts-status]");

const size = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Whether this device holds the part whole (its marker is written last). */
async function isKept(id: string): Promise<boolean> {
  if (!("caches" in self) || !(await caches.has(keepCacheName(id)))) return false;
  return (await (await caches.open(keepCacheName(id))).match(KEPT_MARKER)) !== undefined;
}

/** Asks the service worker to keep or drop a part, and waits for its answer. */
async function ask(id: string, keep: boolean): Promise<KeepReply> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const worker = registration?.active;
  if (!worker) return { ok: false, error: "the site's offline support is not installed on this device yet" };
  const channel = new MessageChannel();
  const reply = new Promise<KeepReply>((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data as KeepReply);
  });
  worker.postMessage({ type: KEEP_MESSAGE, id, keep } satisfies KeepMessage, [channel.port2]);
  return reply;
}

function item(part: OfflinePart, kept: boolean): HTMLLIElement {
  const li = document.createElement("li");
  const label = document.createElement("label");
  const box = document.createElement("input");
  box.type = "checkbox";
  box.checked = kept;
  box.dataset.part = part.id;
  label.append(box, part.title);
  const detail = document.createElement("span");
  detail.className = "offline-parts__size";
  detail.textContent = ` — ${countOf(part.files, "file")}, ${size(part.bytes)}`;
  li.append(label, detail);
  box.addEventListener("change", async () => {
    const keep = box.checked;
    box.disabled = true;
    if (status)
      status.textContent = keep ? `Saving ${part.title} on this device…` : `Removing ${part.title}…`;
    const reply = await ask(part.id, keep);
    box.disabled = false;
    if (reply.ok) {
      if (status)
        status.textContent = keep
          ? `${part.title}: kept on this device, it opens without a connection`
          : `${part.title}: removed from this device`;
      li.toggleAttribute("data-kept", keep);
    } else {
      box.checked = !keep;
      if (status)
        status.textContent = `${part.title} could not be ${keep ? "saved" : "removed"}: ${reply.error}`;
    }
  });
  li.toggleAttribute("data-kept", kept);
  return li;
}

async function show(): Promise<void> {
  if (!section || !list) return;
  // written by the build only when the precache left something out (offline it comes from the precache)
  const response = await fetch(`/${PARTS_FILE}`).catch(() => undefined);
  if (!response?.ok) return;
  const index = (await response.json()) as PartsIndex;
  if (!index.parts.length) return;
  const items = await Promise.all(index.parts.map(async (part) => item(part, await isKept(part.id))));
  list.replaceChildren(...items);
  section.hidden = false;
  document.querySelector<HTMLElement>("[data-offline-everything]")?.setAttribute("hidden", "");
}

/** Opened as itself, not served in place of a page this device lacks: it is not telling the reader they are offline. */
function greet(): void {
  if (!/\/offline\/?$/.test(location.pathname)) return;
  document.querySelector<HTMLElement>("[data-offline-fallback]")?.setAttribute("hidden", "");
  document.querySelector<HTMLElement>("[data-offline-direct]")?.removeAttribute("hidden");
}

greet();
void show();
