// How long a test may wait for one thing (a browser action, a polled condition): a guard against a hang, not a speed check
/** A loaded 2-core run can take many times a quiet one; vitest's own test timeouts still bound the whole test. */
export const WAIT_TIMEOUT_MS = 90_000;
