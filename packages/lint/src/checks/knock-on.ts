// The knock-on message and help every rule shares, in a module without imports so the browser's checks can use it too

/**
 * The message a rule gives instead of "there is no `{id}`" when the file that defines it did not load: not a
 * problem of the referring file, and no advice to add or rename what is only broken. A warning pointing at the
 * broken file (its `related[0]`); the lint folds it under that file's error (fold.ts).
 */
export const KNOCK_ON = {
  message: "`{text}` is not checked: `{id}` is in `{file}`, which {reason}",
  help: "fix the errors in `{file}` first; this is checked again once it loads",
} as const;
