// `momenta … | head`: when the reader closes the pipe early, stop quietly instead of dying on EPIPE
/** Codes a write gives once the reading end is gone (the first EPIPE, then writes to the destroyed stream). */
const CLOSED = new Set(["EPIPE", "ERR_STREAM_DESTROYED"]);

/** Exit with the exit code set so far when stdout or stderr loses its reader; other stream errors still throw. */
export function exitQuietlyWhenPipeCloses(
  streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr],
): void {
  for (const stream of streams) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (!CLOSED.has(error.code ?? "")) throw error;
      process.exit(); // nobody reads the rest; the exit code stays what the command set
    });
  }
}
