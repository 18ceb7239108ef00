// The command-line definition of `tofukit login [HOST]` and `tofukit logout [HOST]`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.

import type { Command } from "commander";
import type { CommandIO } from "../io.js";
import { caOption, readCertificates } from "./cli-options.js";

export function addLoginCommands(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("login")
    .description("Obtain and save credentials for a remote host (the login.v1 OAuth flow of `tofu login`)")
    .argument("[host]", "the host to log in to, e.g. registry.example.com")
    .option("--no-browser", "print the login URL instead of opening a web browser")
    .option("--yes", "store the token without asking first")
    .option("--timeout <seconds>", "how long to wait for the browser to come back (default 300)")
    .addOption(caOption())
    .addHelpText(
      "after",
      `
The host's discovery document names a login.v1 OAuth client. tofukit starts a temporary server on
127.0.0.1 (the first free port of the client's "ports" range), opens your browser at the host's
authorization page (OAuth 2.0 authorization-code grant, PKCE S256, a random state), waits for the
redirect, exchanges the code for a token at the host's token endpoint, and stores the token where
OpenTofu would: the configured credentials helper, or credentials.tfrc.json (mode 0600). The token
is never printed. Without a display, or with --no-browser, the URL is printed for you to open.
Ctrl-C stops waiting and stores nothing.

Examples:
  tofukit login registry.example.com
  tofukit login registry.internal:8443 --ca ./internal-ca.pem --no-browser

Exit status: 0 logged in, 1 the login failed or was cancelled (nothing stored), 2 usage error.`,
    )
    .action(
      async (
        host: string | undefined,
        opts: { browser: boolean; yes?: boolean; timeout?: string; ca: string[] },
      ) => {
        const { runLogin } = await import("./login.js");
        const { openBrowser } = await import("../browser.js");
        const { readLine } = await import("../prompt.js");
        const ca = await readCertificates(opts.ca);
        const controller = new AbortController();
        const onInterrupt = () => controller.abort();
        process.once("SIGINT", onInterrupt);
        try {
          exit(
            await runLogin(
              {
                host,
                browser: opts.browser,
                yes: opts.yes === true,
                timeout: opts.timeout,
                ca,
                readLine: (prompt) => readLine(prompt, io),
                openBrowser: (url) => openBrowser(url, io.env),
                signal: controller.signal,
              },
              io,
            ),
          );
        } finally {
          process.off("SIGINT", onInterrupt);
        }
      },
    );

  program
    .command("logout")
    .description("Remove the credentials `tofukit login` stored for a host")
    .argument("[host]", "the host to log out of")
    .addHelpText(
      "after",
      `
Forgets the token where it is stored (the credentials helper or credentials.tfrc.json). Credentials
written by hand in a CLI configuration file are not touched: remove that block yourself.

Exit status: 0 removed or nothing stored, 1 refused or failed, 2 usage error.`,
    )
    .action(async (host: string | undefined) => {
      const { runLogout } = await import("./login.js");
      exit(await runLogout(host, io));
    });
}
