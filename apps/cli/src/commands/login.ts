// `tofukit login HOST` and `tofukit logout HOST`: `tofu login`'s login.v1 flow and `tofu logout`,
// with OpenTofu's checks, prompts and messages. The flow itself is @tofukit/disco's
// loginWithAuthorizationCode; this file asks, prints and stores.
import {
  type CliCredentialsSource,
  CredentialsError,
  HostCredentials,
  loadCliConfig,
} from "@tofukit/credentials";
import {
  DiscoError,
  type Host,
  LoginError,
  loginWithAuthorizationCode,
  type OAuthClient,
  OAuthClientError,
  ServiceNotProvidedError,
  VersionNotSupportedError,
} from "@tofukit/disco";
import { displayOf, forComparison, type Hostname, HostnameError } from "@tofukit/hostname";
import { type CommandIO, EXIT_INVALID, EXIT_OK, EXIT_USAGE } from "../io.js";
import { writeProblem } from "../render/problem.js";
import { discoverHost, parseTimeout } from "./discover.js";

interface LoginCommandOptions {
  readonly host: string | undefined;
  /** False with --no-browser: print the URL instead of opening a browser. */
  readonly browser: boolean;
  /** --yes: do not ask before storing. */
  readonly yes: boolean;
  /** Seconds to wait for the browser to come back (--timeout). */
  readonly timeout?: string | undefined;
  readonly ca: readonly string[];
  /** One line the user typed, or null at the end of input. */
  readonly readLine: (prompt: string) => Promise<string | null>;
  readonly openBrowser: (url: string) => Promise<boolean>;
  readonly signal: AbortSignal;
}

const SEPARATOR = "\n---------------------------------------------------------------------------------\n\n";

function hostArgument(
  command: "login" | "logout",
  given: string | undefined,
  io: CommandIO,
): Hostname | number {
  if (given === undefined) {
    writeProblem(
      io,
      "Unexpected argument",
      `The ${command} command expects exactly one argument: the host to log ${command === "login" ? "in to" : "out of"}.`,
    );
    return EXIT_USAGE;
  }
  try {
    return forComparison(given);
  } catch (error) {
    if (!(error instanceof HostnameError)) throw error;
    writeProblem(
      io,
      "Invalid hostname",
      `The given hostname ${JSON.stringify(given)} is not valid: ${error.message}.`,
    );
    return EXIT_INVALID;
  }
}

/** The login.v1 client, or why there is none, with OpenTofu's texts (its tfe.v2 fallback included). */
function loginClient(host: Host, shown: string, io: CommandIO): OAuthClient | null {
  const quoted = JSON.stringify(shown);
  try {
    return host.oauthClient("login.v1");
  } catch (error) {
    if (error instanceof VersionNotSupportedError) {
      writeProblem(
        io,
        "Host does not support OpenTofu login",
        `The given hostname ${quoted} allows creating OpenTofu authorization tokens, but requires a newer version of OpenTofu CLI to do so.`,
        "warning",
      );
    } else if (error instanceof OAuthClientError) {
      writeProblem(
        io,
        "Host does not support OpenTofu login",
        `The given hostname ${quoted} cannot support "tofukit login": ${error.message}.`,
        "warning",
      );
    } else if (!(error instanceof ServiceNotProvidedError)) {
      throw error;
    }
  }
  let offersTokenPage = false;
  try {
    host.serviceURL("tfe.v2");
    offersTokenPage = true;
  } catch (error) {
    if (!(error instanceof DiscoError)) throw error;
  }
  writeProblem(
    io,
    "Host does not support OpenTofu tokens API",
    offersTokenPage
      ? `The given hostname ${quoted} offers only the tfe.v2 token page, which "tofukit login" does not drive. Create a token in the host's web interface and store it with "tofukit credentials store ${shown}".`
      : `The given hostname ${quoted} does not support creating OpenTofu authorization tokens.`,
  );
  return null;
}

function storageSentence(source: CliCredentialsSource, host: Hostname): string {
  return source.location(host) === "helper"
    ? `If login is successful, tofukit will store the token in the configured\n${JSON.stringify(source.helperProgram ?? "")} credentials helper for use by subsequent commands.\n`
    : `If login is successful, tofukit will store the token in plain text in\nthe following file for use by subsequent commands:\n    ${source.credentialsFile}\n`;
}

export async function runLogin(options: LoginCommandOptions, io: CommandIO): Promise<number> {
  const host = hostArgument("login", options.host, io);
  if (typeof host === "number") return host;
  const shown = displayOf(host);
  const callbackTimeout = parseTimeout(options.timeout);

  let discovered: Host;
  try {
    discovered = await discoverHost(host, io, { ca: options.ca });
  } catch (error) {
    if (!(error instanceof DiscoError)) throw error;
    writeProblem(io, `Service discovery failed for ${shown}`, `${error.message}.`);
    return EXIT_INVALID;
  }
  const source = await (await loadCliConfig({ env: io.env })).credentialsSource();
  const client = loginClient(discovered, shown, io);
  if (source.location(host) === "other-file") {
    writeProblem(
      io,
      `Credentials for ${shown} are manually configured`,
      'The "tofukit login" command cannot log in because credentials for this host are already configured in a CLI configuration file.\n\nTo log in, first revoke the existing credentials and remove that block from the CLI configuration.',
    );
    return EXIT_INVALID;
  }
  if (client === null) return EXIT_INVALID;

  io.stdout.write(`tofukit will request an API token for ${shown} using OAuth.\n\n`);
  io.stdout.write(
    "This will work only if you are able to use a web browser on this computer to\ncomplete a login process. If not, you must obtain an API token by another\nmeans and configure it in the CLI configuration manually.\n\n",
  );
  io.stdout.write(`${storageSentence(source, host)}\n`);
  if (!options.yes) {
    io.stdout.write("Do you want to proceed?\n  Only 'yes' will be accepted to confirm.\n\n");
    const answer = await options.readLine("  Enter a value: ");
    io.stdout.write("\n");
    if (answer?.trim().toLowerCase() !== "yes") {
      writeProblem(io, "Login cancelled", "Login process cancelled because it was not confirmed");
      return EXIT_INVALID;
    }
  }
  io.stdout.write(SEPARATOR);

  let token: Awaited<ReturnType<typeof loginWithAuthorizationCode>>;
  try {
    token = await loginWithAuthorizationCode(client, {
      signal: options.signal,
      ...(callbackTimeout === undefined ? {} : { callbackTimeout }),
      ca: options.ca,
      // The token request goes through the proxy the environment names, as discovery does.
      env: io.env,
      openAuthorizationURL: async (url) => {
        const opened = options.browser && (await options.openBrowser(url.href));
        io.stdout.write(
          opened
            ? `tofukit must now open a web browser to the login page for ${shown}.\n\nIf a browser does not open this automatically, open the following URL to proceed:\n    ${url.href}\n\n`
            : `Open the following URL to access the login page for ${shown}:\n    ${url.href}\n\n`,
        );
        io.stdout.write("tofukit will now wait for the host to signal that login was successful.\n\n");
      },
    });
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    writeProblem(io, error.summary, error.message);
    return EXIT_INVALID;
  }

  try {
    await source.storeForHost(host, HostCredentials.fromToken(token.reveal(), `login to ${shown}`));
  } catch (error) {
    if (!(error instanceof CredentialsError)) throw error;
    writeProblem(
      io,
      "Failed to save API token",
      `The given host returned an API token, but tofukit failed to save it: ${error.message}.`,
    );
    return EXIT_INVALID;
  }
  io.stdout.write(SEPARATOR);
  io.stdout.write(
    `${io.out.green(io.out.bold("Success!"))} ${io.out.bold("tofukit has obtained and saved an API token.")}\n\nThe new API token will be used for any future command that must make\nauthenticated requests to ${shown}.\n\n`,
  );
  return EXIT_OK;
}

export async function runLogout(given: string | undefined, io: CommandIO): Promise<number> {
  const host = hostArgument("logout", given, io);
  if (typeof host === "number") return host;
  const shown = displayOf(host);
  const source = await (await loadCliConfig({ env: io.env })).credentialsSource();
  const location = source.location(host);
  if (location === "other-file") {
    writeProblem(
      io,
      `Credentials for ${shown} are manually configured`,
      'The "tofukit logout" command cannot log out because credentials for this host are manually configured in a CLI configuration file.\n\nTo log out, revoke the existing credentials and remove that block from the CLI configuration.',
    );
    return EXIT_INVALID;
  }
  if (location === "none") {
    io.stdout.write(`No credentials for ${shown} are stored.\n\n`);
    return EXIT_OK;
  }
  io.stdout.write(
    location === "helper"
      ? `Removing the stored credentials for ${shown} from the configured\n${JSON.stringify(source.helperProgram ?? "")} credentials helper.\n\n`
      : `Removing the stored credentials for ${shown} from the following file:\n    ${source.credentialsFile}\n\n`,
  );
  try {
    await source.forgetForHost(host);
  } catch (error) {
    if (!(error instanceof CredentialsError)) throw error;
    writeProblem(
      io,
      "Failed to remove API token",
      `Unable to remove stored API token: ${(error as CredentialsError).message}`,
    );
    return EXIT_INVALID;
  }
  io.stdout.write(
    `${io.out.green(io.out.bold("Success!"))} ${io.out.bold(`tofukit has removed the stored API token for ${shown}.`)}\n\n`,
  );
  return EXIT_OK;
}
