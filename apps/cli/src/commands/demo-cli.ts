// The command-line definition of `tofukit demo`: arguments, options and help.
// The action loads the implementation on demand, so that other commands start fast.

import type { Command } from "commander";
import type { CommandIO } from "../io.js";

export function addDemoCommand(program: Command, io: CommandIO, exit: (code: number) => void): void {
  program
    .command("demo")
    .description("A tour: the buckets example checked offline and discovery against a local registry")
    .action(async () => {
      const { runDemo } = await import("./demo.js");
      exit(await runDemo(io));
    });
}
