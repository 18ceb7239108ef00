#!/usr/bin/env node
// The tofukit command. Unexpected failures are reported in one line; TOFUKIT_DEBUG=1 shows the stack.
// A CommonJS file: Node starts it without setting up its ES module loader.
"use strict";
const { join } = require("node:path");

// The bundle is loaded by the launcher, which keeps V8's compiled code between runs.
const { launch } = require("../dist/launch.cjs");
const { main } = launch(join(__dirname, "..", "dist", "main.cjs"), process.argv[2]);

// A reader that stops early (`tofukit demo | head -n 1`) closes the pipe: that ends the command
// quietly and successfully, with nothing more to write and no stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error) => {
    if (error?.code === "EPIPE") process.exit(0);
    throw error;
  });
}

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
