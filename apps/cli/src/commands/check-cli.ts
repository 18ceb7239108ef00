// The command-line definition of `tofukit check [DIR]`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.

import { type Command, Option } from "commander";
import { type CommandIO, UsageError } from "../io.js";
import type { CheckArg } from "./check.js";
import { caOption, readCertificates } from "./cli-options.js";

export function addCheckCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
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
    .addOption(caOption())
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
archives and git) into a cache that later checks reuse without asking again. --ca adds a CA
certificate for the registries and http(s) archives --download reaches (not for git); it needs
--download. Each call's arguments
are evaluated in the caller's scope (variables, locals, path, terraform.workspace; resources, data
sources and module outputs are unknown) and checked against the called module's variables, once
per count/for_each instance when those are known.

Examples:
  tofukit check examples/buckets
  tofukit check . --var-file prod.tfvars --var 'regions=["eu-west-1"]'
  TF_VAR_instance_count=3 tofukit check ./infra --json
  tofukit check . --show module.buckets.var.buckets
  tofukit check ./infra --download
  tofukit check ./infra --download --ca private-ca.pem

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
          ca: string[];
        },
      ) => {
        // Nothing but --download goes to the network: a CA for nothing is a mistake worth saying.
        if (opts.ca.length > 0 && opts.download !== true) throw new UsageError("--ca needs --download.");
        const ca = await readCertificates(opts.ca);
        const { runCheck } = await import("./check.js");
        exit(
          await runCheck(
            {
              dir,
              args: variableArgs,
              json: opts.json === true,
              validation: opts.validation !== false,
              modules: opts.modules !== false,
              ...(opts.show === undefined ? {} : { show: opts.show }),
              ...(opts.download === true ? { download: true } : {}),
              ...(opts.cacheDir === undefined ? {} : { cacheDir: opts.cacheDir }),
              ...(ca.length === 0 ? {} : { ca }),
            },
            io,
          ),
        );
      },
    );
}
