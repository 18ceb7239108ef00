// What a command needs from its process, passed in so commands can run in tests and in the demo.
import { type Style, styleFor } from "./render/style.js";

export interface CommandIO {
  readonly stdout: { write(s: string): unknown; isTTY?: boolean };
  readonly stderr: { write(s: string): unknown; isTTY?: boolean };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly out: Style;
  readonly err: Style;
}

export function processIO(): CommandIO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    out: styleFor(process.stdout, process.env),
    err: styleFor(process.stderr, process.env),
  };
}

/** Exit codes: 0 all good, 1 something given is invalid, 2 the command line itself is wrong. */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;
/** An unexpected failure inside tofukit itself (bin/tofukit.cjs reports it in one line). */
export const EXIT_INTERNAL = 70;

/** Every exit status with what it means, for `--help` and the documentation. */
export const EXIT_STATUSES: readonly { readonly code: number; readonly meaning: string }[] = [
  { code: EXIT_OK, meaning: "everything given is valid" },
  { code: EXIT_INVALID, meaning: "a value, declaration, hostname or discovery is invalid or failed" },
  { code: EXIT_USAGE, meaning: "the command line itself is wrong" },
  { code: EXIT_INTERNAL, meaning: "an internal error" },
];

/** A failure the user can act on: printed as `Error: message` without a stack trace. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT_USAGE,
  ) {
    super(message);
    this.name = "UsageError";
  }
}
