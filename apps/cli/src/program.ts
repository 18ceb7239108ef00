// The `tofukit` command definitions: every command, its arguments, options and help texts.
// The documentation's CLI reference is generated from this object, so it cannot drift.
import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import type { CheckArg } from "./commands/check.js";
import { addSchemaCommands } from "./commands/schema-fmt-cli.js";
import { type CommandIO, EXIT_STATUSES, UsageError } from "./io.js";
import { VERSION } from "./version.js";

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

async function readCertificates(files: readonly string[]): Promise<string[]> {
  return files.map((file) => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      throw new UsageError(`Cannot read the CA certificate ${file}.`);
    }
  });
}

/** What a command's action leaves behind: the exit status `main` returns. */
export interface ProgramResult {
  exitCode: number;
}

/** The program; actions load their command on demand and record the exit status in `result`. */
export function createProgram(io: CommandIO, result: ProgramResult): Command {
  const program = new Command("tofukit")
    .description("OpenTofu's type constraints and service discovery, offline and fast.")
    .version(VERSION, "-v, --version")
    .showSuggestionAfterError(true)
    .showHelpAfterError("(run tofukit --help for the commands)")
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: (s, write) => write(io.err.red(s)),
    })
    .exitOverride();

  const variableArgs: CheckArg[] = [];
  program
    .command("check")
    .description(
      "Check a module's input variables, and those of the modules it calls, against .tfvars files, -var options and TF_VAR_ variables",
    )
    .argument("[dir]", "the module's directory", ".")
    .addOption(
      new Option(
        "--var-file <file>",
        "read variable values from a .tfvars or .tfvars.json file (repeatable)",
      ).argParser((path: string) => {
        variableArgs.push({ kind: "var-file", path });
        return path;
      }),
    )
    .addOption(
      new Option("--var <name=value>", "set a variable (repeatable; later ones win)").argParser(
        (raw: string) => {
          variableArgs.push({ kind: "var", raw });
          return raw;
        },
      ),
    )
    .option("--json", "machine-readable output")
    .option("--no-validation", "do not run the variables' validation rules (says how many were skipped)")
    .option(
      "--no-modules",
      "check the root module alone, not the modules it calls (says how many calls it skipped)",
    )
    .option(
      "--show <address>",
      "print only this variable's final value, e.g. var.region or module.buckets.var.buckets",
    )
    .option(
      "--download",
      "download registry and remote modules that tofu init has not installed, and check them too",
    )
    .option(
      "--cache-dir <dir>",
      "where --download keeps modules (default $XDG_CACHE_HOME/tofukit/modules or ~/.cache/tofukit/modules)",
    )
    .addHelpText(
      "after",
      `
Values are gathered as OpenTofu gathers them, later ones winning: TF_VAR_name environment variables,
terraform.tfvars, terraform.tfvars.json, *.auto.tfvars(.json) in lexical order, then --var and
--var-file in the order given. Variables without a type or of a primitive type take --var and
TF_VAR_ values as plain strings; others parse them as HCL. Each value is converted to its type, then
every validation block of its variable runs, as in \`tofu plan\`.

Module calls are followed down the tree: local sources beside their caller, registry and remote
modules where \`tofu init\` installed them (.terraform/modules/modules.json), or, with --download,
fetched as \`tofu init\` would fetch them (the newest version the constraint allows; http(s)
archives and git) into a cache that later checks reuse without asking again. Each call's arguments
are evaluated in the caller's scope (variables, locals, path, terraform.workspace; resources, data
sources and module outputs are unknown) and checked against the called module's variables, once
per count/for_each instance when those are known.

Examples:
  tofukit check examples/buckets
  tofukit check . --var-file prod.tfvars --var 'regions=["eu-west-1"]'
  TF_VAR_instance_count=3 tofukit check ./infra --json
  tofukit check . --show module.buckets.var.buckets
  tofukit check ./infra --download

Exit status: 0 every value fits, 1 a value or declaration is invalid, 2 usage error.`,
    )
    .action(
      async (
        dir: string,
        opts: {
          json?: boolean;
          validation?: boolean;
          modules?: boolean;
          show?: string;
          download?: boolean;
          cacheDir?: string;
        },
      ) => {
        const { runCheck } = await import("./commands/check.js");
        result.exitCode = await runCheck(
          {
            dir,
            args: variableArgs,
            json: opts.json === true,
            validation: opts.validation !== false,
            modules: opts.modules !== false,
            ...(opts.show === undefined ? {} : { show: opts.show }),
            ...(opts.download === true ? { download: true } : {}),
            ...(opts.cacheDir === undefined ? {} : { cacheDir: opts.cacheDir }),
          },
          io,
        );
      },
    );

  program
    .command("convert")
    .description("Convert a value to a type constraint as OpenTofu does for input variables")
    .requiredOption("--type <expr>", "the type constraint, e.g. 'list(object({name=string}))'")
    .option("--value <hcl>", "the value as an HCL expression")
    .option("--file <file>", "read the value from a file (HCL expression, or JSON for *.json)")
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Examples:
  tofukit convert --type 'list(number)' --value '["1", 2]'
  tofukit convert --type 'object({name=string, port=optional(number, 443)})' --value '{name = "web"}'
  tofukit convert --type 'map(string)' --file values.json --json`,
    )
    .action(async (opts: { type: string; value?: string; file?: string; json?: boolean }) => {
      const { runConvert } = await import("./commands/convert.js");
      result.exitCode = runConvert(
        { type: opts.type, value: opts.value, file: opts.file, json: opts.json === true },
        io,
      );
    });

  program
    .command("type")
    .description("Parse a type constraint: canonical string, cty JSON type and defaults")
    .argument("<expr>", "the type constraint")
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Examples:
  tofukit type 'list(string)'
  tofukit type 'object({name=string, enabled=optional(bool, true)})' --json`,
    )
    .action(async (expr: string, opts: { json?: boolean }) => {
      const { runType } = await import("./commands/type.js");
      result.exitCode = runType(expr, opts.json === true, io);
    });

  program
    .command("hostname")
    .description("Normalize service hostnames as OpenTofu does (comparison and display forms)")
    .argument("<name...>", "friendly hostnames, with an optional :port")
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Examples:
  tofukit hostname Bücher.example:443 registry.opentofu.org
  tofukit hostname --json 'MÜNCHEN.DE:8080'`,
    )
    .action(async (names: string[], opts: { json?: boolean }) => {
      const { runHostname } = await import("./commands/hostname.js");
      result.exitCode = runHostname(names, opts.json === true, io);
    });

  program
    .command("token-var")
    .description("Print the TF_TOKEN_... environment variable name that holds a token for HOST")
    .argument("<host>", "the service hostname")
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Examples:
  tofukit token-var app.terraform.io        # TF_TOKEN_app_terraform_io
  tofukit token-var my-registry.example.com # TF_TOKEN_my__registry_example_com`,
    )
    .action(async (host: string, opts: { json?: boolean }) => {
      const { runTokenVar } = await import("./commands/token-var.js");
      result.exitCode = runTokenVar(host, opts.json === true, io);
    });

  program
    .command("discover")
    .description("Discover a host's services (/.well-known/terraform.json) as OpenTofu does")
    .argument("<host>", "the service hostname, e.g. registry.opentofu.org or registry.example.com:8443")
    .argument("[service]", "print only this service's URL, e.g. modules.v1")
    .option("--timeout <seconds>", "give up after this long (default 10, or TF_REGISTRY_CLIENT_TIMEOUT)")
    .option(
      "--ca <file>",
      "also trust this CA certificate (PEM), for private registries (repeatable)",
      collect,
      [],
    )
    .option("--json", "machine-readable output")
    .addHelpText(
      "after",
      `
Credentials come from where OpenTofu finds them: TF_TOKEN_<host> variables, credentials blocks in
the CLI configuration (TF_CLI_CONFIG_FILE, ~/.tofurc, ~/.terraform.d/*.tfrc) and the credentials
helper; host blocks in the CLI configuration override discovery as they do for OpenTofu.

Examples:
  tofukit discover registry.opentofu.org
  tofukit discover registry.example.com modules.v1
  tofukit discover registry.internal:8443 --ca ./internal-ca.pem --json`,
    )
    .action(
      async (
        host: string,
        service: string | undefined,
        opts: { timeout?: string; ca: string[]; json?: boolean },
      ) => {
        const { runDiscover } = await import("./commands/discover.js");
        const ca = await readCertificates(opts.ca);
        result.exitCode = await runDiscover(
          { host, service, timeout: opts.timeout, ca, json: opts.json === true },
          io,
        );
      },
    );

  program
    .command("credentials")
    .description("Show, store or forget the credentials OpenTofu would use for a host")
    .argument("<action>", "get, store or forget")
    .argument("<host>", "the service hostname")
    .option("--show", "print the token itself (get)")
    .option("--json", "machine-readable output (get)")
    .addHelpText(
      "after",
      `
store reads the token from standard input (hidden when typed at a terminal), never from the
command line. Tokens are written to credentials.tfrc.json (mode 0600, atomically, under a lock)
or handed to the configured credentials helper, following OpenTofu's rules.

Examples:
  tofukit credentials get app.terraform.io
  tofukit credentials store registry.example.com < token.txt
  tofukit credentials forget registry.example.com`,
    )
    .action(async (action: string, host: string, opts: { show?: boolean; json?: boolean }) => {
      const { runCredentials, readStandardInput } = await import("./commands/credentials.js");
      result.exitCode = await runCredentials(
        {
          action,
          host,
          show: opts.show === true,
          json: opts.json === true,
          readToken: () => readStandardInput(io),
        },
        io,
      );
    });

  addSchemaCommands(program, io, (code) => {
    result.exitCode = code;
  });

  program
    .command("login")
    .description("Obtain and save credentials for a remote host (the login.v1 OAuth flow of `tofu login`)")
    .argument("[host]", "the host to log in to, e.g. registry.example.com")
    .option("--no-browser", "print the login URL instead of opening a web browser")
    .option("--yes", "store the token without asking first")
    .option("--timeout <seconds>", "how long to wait for the browser to come back (default 300)")
    .option(
      "--ca <file>",
      "also trust this CA certificate (PEM), for private registries (repeatable)",
      collect,
      [],
    )
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
        const { runLogin } = await import("./commands/login.js");
        const { openBrowser } = await import("./browser.js");
        const { readLine } = await import("./prompt.js");
        const ca = await readCertificates(opts.ca);
        const controller = new AbortController();
        const onInterrupt = () => controller.abort();
        process.once("SIGINT", onInterrupt);
        try {
          result.exitCode = await runLogin(
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
      const { runLogout } = await import("./commands/login.js");
      result.exitCode = await runLogout(host, io);
    });

  program
    .command("demo")
    .description("A tour: the buckets example checked offline and discovery against a local registry")
    .action(async () => {
      const { runDemo } = await import("./commands/demo.js");
      result.exitCode = await runDemo(io);
    });

  program.addHelpText(
    "after",
    `\nExit status: ${EXIT_STATUSES.map((s) => `${s.code} ${s.meaning}`).join(", ")}.`,
  );
  return program;
}
