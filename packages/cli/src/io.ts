// What a CLI run talks to: its working directory and output streams (a terminal, or a test's buffers)
export interface CliIo {
  cwd: string;
  stdout(text: string): void;
  stderr(text: string): void;
  isTty?: boolean;
}
