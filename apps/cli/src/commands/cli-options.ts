// Option helpers shared by the command-line definitions.
import { readFileSync } from "node:fs";
import { Option } from "commander";
import { UsageError } from "../io.js";

/** commander's argParser for a repeatable option. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** The PEM text of each `--ca` file, or a usage error naming the one that cannot be read. */
export async function readCertificates(files: readonly string[]): Promise<string[]> {
  return files.map((file) => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      throw new UsageError(`Cannot read the CA certificate ${file}.`);
    }
  });
}

/** `--ca <file>`, repeatable: a CA certificate (PEM) to trust besides the system's, for private registries. */
export function caOption(): Option {
  return new Option(
    "--ca <file>",
    "also trust this CA certificate (PEM), for private registries (repeatable)",
  )
    .argParser(collect)
    .default([]);
}
