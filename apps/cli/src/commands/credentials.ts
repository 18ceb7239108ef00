// `tofukit credentials get|store|forget HOST`: the credentials OpenTofu would use for a host,
// from TF_TOKEN_* variables, the CLI configuration and the credentials helper. Tokens are read
// from standard input (never from the command line, where other users can see them) and shown
// only with --show.
import { CredentialsError, HostCredentials, loadCliConfig } from "@tofukit/credentials";
import { type Diagnostic, diagnosticToJSON, sourceless } from "@tofukit/hcl";
import { displayOf, forComparison, type Hostname, HostnameError } from "@tofukit/hostname";
import { type CommandIO, EXIT_INVALID, EXIT_OK, UsageError } from "../io.js";
import { stringifyJSON } from "../render/json-output.js";
import { writeDiagnostics } from "../render/problem.js";

type CredentialsAction = "get" | "store" | "forget";

interface CredentialsOptions {
  readonly action: string;
  readonly host: string;
  readonly show: boolean;
  readonly json: boolean;
  /** Reads the token to store (standard input). */
  readonly readToken: () => Promise<string>;
}

function hostnameOf(given: string): Hostname {
  try {
    return forComparison(given);
  } catch (error) {
    if (!(error instanceof HostnameError)) throw error;
    throw new UsageError(
      `${JSON.stringify(given)} is not a valid service hostname: ${error.message}`,
      EXIT_INVALID,
    );
  }
}

export async function runCredentials(options: CredentialsOptions, io: CommandIO): Promise<number> {
  if (options.action !== "get" && options.action !== "store" && options.action !== "forget") {
    throw new UsageError(`Unknown action ${JSON.stringify(options.action)}: use get, store or forget.`);
  }
  const action: CredentialsAction = options.action;
  const host = hostnameOf(options.host);
  const shown = displayOf(host);
  const config = await loadCliConfig({ env: io.env });
  // Problems are diagnostics, rendered as every other command renders them: on standard error,
  // or in the answer with --json (get).
  const json = options.json && action === "get";
  const diagnostics: Diagnostic[] = [...config.diagnostics];
  if (!json) writeDiagnostics(io, diagnostics);
  const source = await config.credentialsSource();
  try {
    switch (action) {
      case "get": {
        const found = await source.forHost(host);
        if (json) {
          io.stdout.write(
            `${stringifyJSON({ host, display: shown, found: found !== null, ...(options.show && found !== null ? { token: found.token() } : {}), diagnostics: diagnostics.map(diagnosticToJSON) })}\n`,
          );
        } else if (found === null) {
          io.stderr.write(`No credentials for ${shown}.\n`);
        } else {
          io.stdout.write(
            options.show
              ? `${found.token()}\n`
              : `A token for ${shown} is configured (use --show to print it).\n`,
          );
        }
        return found === null ? EXIT_INVALID : EXIT_OK;
      }
      case "store": {
        const token = (await options.readToken()).replace(/\r?\n$/, "");
        if (token === "")
          throw new UsageError(
            "No token given: pipe it on standard input, e.g. tofukit credentials store HOST < token.txt",
          );
        await source.storeForHost(host, HostCredentials.fromToken(token, "standard input"));
        io.stderr.write(`Stored a token for ${shown} (${source.location(host)}).\n`);
        return EXIT_OK;
      }
      default: {
        await source.forgetForHost(host);
        io.stderr.write(`Forgot the credentials for ${shown}.\n`);
        return EXIT_OK;
      }
    }
  } catch (error) {
    if (!(error instanceof CredentialsError)) throw error;
    const failed = sourceless("error", FAILED[action], error.message);
    if (json) {
      io.stdout.write(
        `${stringifyJSON({ host, display: shown, found: false, diagnostics: [...diagnostics, failed].map(diagnosticToJSON) })}\n`,
      );
    } else {
      writeDiagnostics(io, [failed]);
    }
    return EXIT_INVALID;
  }
}

/** The summary of a failure of each action (those of `tofu login` and `tofu logout` for theirs). */
const FAILED: Readonly<Record<CredentialsAction, string>> = {
  get: "Failed to read credentials",
  store: "Failed to save API token",
  forget: "Failed to remove API token",
};

/** All of standard input, or a line typed at a terminal without echo. */
export async function readStandardInput(io: CommandIO): Promise<string> {
  const stdin = process.stdin;
  if (stdin.isTTY) {
    io.stderr.write("Token (input is hidden): ");
    stdin.setRawMode(true);
    return new Promise((resolve, reject) => {
      let text = "";
      const onData = (chunk: Buffer) => {
        for (const ch of chunk.toString("utf8")) {
          if (ch === "\r" || ch === "\n") {
            stdin.setRawMode(false);
            stdin.off("data", onData);
            stdin.pause();
            io.stderr.write("\n");
            resolve(text);
            return;
          }
          if (ch === "\u0003") {
            stdin.setRawMode(false);
            reject(new UsageError("Cancelled."));
            return;
          }
          if (ch === "\u007f") text = text.slice(0, -1);
          else text += ch;
        }
      };
      stdin.on("data", onData);
      stdin.resume();
    });
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
