// A `credentials "<host>" { … }` block of the CLI configuration, whose values never show when printed.
import { inspect } from "node:util";
import type { Hostname } from "@tofukit/hostname";
import type { ConfigObject } from "./config-content.js";

/**
 * A credentials block. Its attributes (the token, and whatever else a future OpenTofu may accept)
 * are secrets: `inspect`, `console.log` and `JSON.stringify` show their names only.
 */
export class CredentialsBlock {
  readonly label: string;
  /** The normalized host, or `null` when the label is not a valid hostname (the block is then ignored). */
  readonly host: Hostname | null;
  readonly file: string;
  readonly #attributes: ConfigObject;

  constructor(label: string, host: Hostname | null, attributes: ConfigObject, file: string) {
    this.label = label;
    this.host = host;
    this.#attributes = attributes;
    this.file = file;
  }

  /** All attributes as written; only a string `token` gives credentials. */
  get attributes(): ConfigObject {
    return this.#attributes;
  }

  toJSON(): { label: string; host: Hostname | null; file: string; attributes: Record<string, string> } {
    return { label: this.label, host: this.host, file: this.file, attributes: redacted(this.#attributes) };
  }

  [inspect.custom](_depth: number, options: object): string {
    return `CredentialsBlock ${inspect(this.toJSON(), options)}`;
  }
}

function redacted(attributes: ConfigObject): Record<string, string> {
  const result: Record<string, string> = {};
  for (const name of Object.keys(attributes)) result[name] = "[redacted]";
  return result;
}
