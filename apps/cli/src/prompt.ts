// One line of input for a confirmation prompt, as OpenTofu's UI input asks for it.
import { createInterface } from "node:readline";
import type { CommandIO } from "./io.js";

/** Writes `prompt` and reads one line from standard input; null when input ends first. */
export function readLine(prompt: string, io: CommandIO): Promise<string | null> {
  io.stdout.write(prompt);
  const rl = createInterface({ input: process.stdin, terminal: false });
  return new Promise((resolve) => {
    let answered = false;
    rl.once("line", (line) => {
      answered = true;
      rl.close();
      resolve(line);
    });
    rl.once("close", () => {
      if (!answered) resolve(null);
    });
  });
}
