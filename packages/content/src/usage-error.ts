// A mistake in how a command was called (exit 2, no stack): thrown below the CLI too, e.g. by a core folder that is not one
export class UsageError extends Error {}
