// Debian's chromium as every browser test launches it: the path and the flags from ../shared/toolchain.md, stated once
/** Debian's chromium package, driven by playwright-core. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Headless, sandbox-free and with no background traffic, so tests on a shared machine stay quiet and offline-safe. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
