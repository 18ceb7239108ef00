// The command-line definition of `tofukit lock [DIR]`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.
import type { Command } from "commander";
import type { CommandIO } from "../io.js";
import { caOption, collect, readCertificates } from "./cli-options.js";

export function addLockCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("lock")
    .description(
      "Write the .terraform.lock.hcl entries of a module's providers, with hashes for each platform",
    )
    .argument("[dir]", "the module's directory", ".")
    .option(
      "--platform <os_arch>",
      "a platform to record hashes for, e.g. linux_amd64 (repeatable)",
      collect,
      [],
    )
    .option("--upgrade", "select the newest versions the constraints allow, even where a version is locked")
    .addOption(caOption())
    .addHelpText(
      "after",
      `
As tofu providers lock does: for each required provider, the locked version (or, if none or with
--upgrade, the newest the constraints allow) is downloaded for every --platform (default: this
machine's), and verified: its size and zh: hash against the registry's data, its SHA256SUMS line,
the OpenPGP signature of SHA256SUMS by the registry's key. The entry records the constraints, the
h1: and zh: hashes of each package downloaded, and the zh: hashes the signed SHA256SUMS lists for
every other platform. Existing entries are kept, with their hashes when the version is the same.
The file is written to a temporary file and renamed over the old one: never half written.

Examples:
  tofukit lock --platform linux_amd64 --platform darwin_arm64
  tofukit lock ./infra --platform linux_amd64 --upgrade

Exit status: 0 written or already complete, 1 a provider could not be resolved, fetched or
verified (nothing written), 2 usage error.`,
    )
    .action(async (dir: string, opts: { platform: string[]; upgrade?: boolean; ca: string[] }) => {
      const { runLock } = await import("./lock.js");
      const ca = await readCertificates(opts.ca);
      exit(await runLock({ dir, platforms: opts.platform, upgrade: opts.upgrade === true, ca }, io));
    });
}
