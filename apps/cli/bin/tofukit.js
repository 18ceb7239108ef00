#!/usr/bin/env node
// The tofukit command. Unexpected failures are reported in one line; TOFUKIT_DEBUG=1 shows the stack.
import { main } from "../dist/main.js";

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(
      process.env.TOFUKIT_DEBUG
        ? `${error?.stack ?? error}\n`
        : `tofukit: internal error: ${error?.message ?? error}\n(set TOFUKIT_DEBUG=1 for details)\n`,
    );
    process.exitCode = 70;
  },
);
