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

/** The environment variables the commands read, as OpenTofu reads them, for `--help` and the docs. */
export const ENVIRONMENT_VARIABLES: readonly { readonly name: string; readonly meaning: string }[] = [
  {
    name: "HTTPS_PROXY, HTTP_PROXY, NO_PROXY",
    meaning:
      "the proxy for https and http URLs, and the hosts reached directly (either case; host names with their subdomains, .suffix, host:port, IP addresses, CIDR ranges, *; loopback is never proxied), judged for every request: discovery, registry API calls, redirects, module archives, provider packages and their SHA256SUMS, the login token request; git clones get them too",
  },
  {
    name: "TF_TOKEN_<host>",
    meaning: "a registry token for a host (its name as `tofukit token-var HOST` prints it)",
  },
  {
    name: "TF_CLI_CONFIG_FILE",
    meaning: "the CLI configuration file (credentials and host blocks), instead of ~/.tofurc",
  },
  {
    name: "TF_REGISTRY_CLIENT_TIMEOUT",
    meaning: "seconds for each discovery and registry request (default 10)",
  },
  {
    name: "TF_REGISTRY_DISCOVERY_RETRY",
    meaning: "retries of a failed discovery or registry request (default 1)",
  },
  { name: "TF_APPEND_USER_AGENT", meaning: "text appended to the User-Agent of discovery requests" },
  {
    name: "NODE_EXTRA_CA_CERTS",
    meaning: "a file of extra certificate authorities trusted for every request, as --ca is",
  },
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
