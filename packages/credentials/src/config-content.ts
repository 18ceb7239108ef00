// What one CLI configuration file says, independent of its syntax (HCL or JSON).
import { JsonNumber, type JsonValue } from "./json-decode.js";

/** A setting's value: numbers stay exact (`JsonNumber.text`), objects have no prototype. */
export type ConfigValue = null | boolean | string | JsonNumber | readonly ConfigValue[] | ConfigObject;
export interface ConfigObject {
  readonly [key: string]: ConfigValue;
}

/** A labelled block of one of the kinds this package reads: `credentials`, `credentials_helper`, `host`. */
export interface ConfigBlock {
  readonly type: "credentials" | "credentials_helper" | "host";
  readonly label: string;
  readonly body: ConfigObject;
}

/** One file's content. `settings` holds everything else, kept for callers (forward compatibility). */
export interface ConfigFileContent {
  readonly blocks: readonly ConfigBlock[];
  readonly settings: ReadonlyMap<string, ConfigValue>;
  /** Problems found while reading, reported as `Error parsing <file>: <problem>`. */
  readonly problems: readonly string[];
}

export const labelledBlockTypes: ReadonlySet<string> = new Set(["credentials", "credentials_helper", "host"]);

/** A decoded JSON value as a configuration value (maps become prototype-free objects). */
function configValueOfJson(value: JsonValue): ConfigValue {
  if (value === null || typeof value !== "object" || value instanceof JsonNumber) return value;
  if (Array.isArray(value)) return value.map(configValueOfJson);
  const object: Record<string, ConfigValue> = Object.create(null);
  for (const [key, item] of value) object[key] = configValueOfJson(item);
  return object;
}

export function isConfigObject(value: ConfigValue | undefined): value is ConfigObject {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof JsonNumber)
  );
}

/**
 * The content of a `*.tfrc.json` file, read as HCL 1's JSON dialect reads it: `"credentials"`,
 * `"credentials_helper"` and `"host"` map labels to bodies; a list of such maps, or a list of bodies
 * under one label, is accepted too. Every other key is a setting.
 */
export function contentOfJson(document: JsonValue): ConfigFileContent {
  const blocks: ConfigBlock[] = [];
  const settings = new Map<string, ConfigValue>();
  const problems: string[] = [];
  if (!(document instanceof Map)) {
    if (document !== null) problems.push("the top level must be a JSON object");
    return { blocks, settings, problems };
  }
  for (const [key, raw] of document) {
    const value = configValueOfJson(raw);
    if (!labelledBlockTypes.has(key)) {
      settings.set(key, value);
      continue;
    }
    const type = key as ConfigBlock["type"];
    for (const group of Array.isArray(value) ? value : [value]) {
      if (!isConfigObject(group)) {
        problems.push(`"${key}" must be an object of labelled blocks`);
        continue;
      }
      for (const label of Object.keys(group)) {
        const body = group[label];
        for (const item of Array.isArray(body) ? body : [body]) {
          if (isConfigObject(item)) blocks.push({ type, label, body: item });
          else problems.push(`${key} "${label}": the block body must be an object`);
        }
      }
    }
  }
  return { blocks, settings, problems };
}
