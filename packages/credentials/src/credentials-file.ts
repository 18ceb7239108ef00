// credentials.tfrc.json: which hosts it holds, and OpenTofu's surgical rewrite of one host's entry,
// made safe: missing directory created (0700), lock file, temporary file + fsync + rename, mode 0600.

import { lstat, mkdir, readlink } from "node:fs/promises";
import { dirname } from "node:path";
import { goJsonUnmarshalTypeError } from "@tofukit/gostd";
import { type AtomicWriteOptions, writeFileAtomic } from "./atomic-write.js";
import { CredentialsError } from "./credentials-error.js";
import { type FileLockOptions, withFileLock } from "./file-lock.js";
import { decodeJson, goKindOf, type JsonObject, JsonSyntaxError, type JsonValue } from "./json-decode.js";
import { encodeJson } from "./json-encode.js";
import { readConfigFile } from "./read-config-file.js";
import { errorCode, goPathError } from "./system-error.js";

/** Turns a key of the file into the comparison form, or `null` when it is not a valid hostname. */
type HostNormalizer = (key: string) => string | null;

/**
 * The normalized hosts that have an entry in the file, as OpenTofu's readHostsInCredentialsFile: a
 * missing, unreadable or malformed file holds none, and keys that are not valid hostnames are skipped.
 */
export async function readCredentialsFileHosts(
  path: string,
  normalize: HostNormalizer,
): Promise<Set<string>> {
  const hosts = new Set<string>();
  let credentials: JsonValue | undefined;
  try {
    const document = decodeJson(await readConfigFile(path), "whole");
    credentials = document instanceof Map ? document.get("credentials") : undefined;
  } catch {
    return hosts;
  }
  if (!(credentials instanceof Map)) return hosts;
  for (const key of credentials.keys()) {
    const host = normalize(key);
    if (host !== null) hosts.add(host);
  }
  return hosts;
}

interface CredentialsFileChange {
  /** The host in comparison form; every key normalizing to it is removed first. */
  readonly host: string;
  /** The key written (OpenTofu writes the host's display form). */
  readonly displayKey: string;
  /** The object stored under the key, or `null` to forget the host. */
  readonly value: JsonObject | null;
  readonly normalize: HostNormalizer;
}

export interface CredentialsFileWriteOptions extends FileLockOptions, AtomicWriteOptions {}

/**
 * Applies one change to the file under a lock. As OpenTofu: other top-level keys, other hosts'
 * entries and every number are kept as they were; keys that do not normalize (punycode keys, say)
 * are left alone; anything after the first JSON value is dropped; forgetting the last host leaves
 * `"credentials": {}`. A symbolic link is refused: OpenTofu would replace the link by a regular file.
 */
export async function updateCredentialsFile(
  path: string,
  change: CredentialsFileChange,
  options: CredentialsFileWriteOptions = {},
): Promise<void> {
  const dir = dirname(path);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  } catch (error) {
    throw new CredentialsError(
      "TOFUKIT_CREDENTIALS_WRITE_FAILED",
      `cannot create the directory for ${path}: ${goPathError("mkdir", dir, error)}`,
      { file: path, cause: error },
    );
  }
  await withFileLock(
    `${path}.lock`,
    async () => {
      await refuseSymlink(path);
      const document = await readDocument(path);
      let credentials = document.get("credentials");
      if (credentials === undefined) {
        credentials = new Map();
        document.set("credentials", credentials);
      }
      if (!(credentials instanceof Map)) {
        throw new CredentialsError(
          "TOFUKIT_CREDENTIALS_FILE_INVALID",
          `credentials file ${path} has invalid value for "credentials" property: must be a JSON object`,
          { file: path },
        );
      }
      for (const key of [...credentials.keys()]) {
        if (change.normalize(key) === change.host) credentials.delete(key);
      }
      if (change.value !== null) credentials.set(change.displayKey, change.value);
      await writeFileAtomic(path, encodeJson(document, true), options);
    },
    options,
  );
}

async function refuseSymlink(path: string): Promise<void> {
  let isLink = false;
  try {
    isLink = (await lstat(path)).isSymbolicLink();
  } catch {
    return;
  }
  if (!isLink) return;
  const target = await readlink(path).catch(() => "?");
  throw new CredentialsError(
    "TOFUKIT_CREDENTIALS_FILE_SYMLINK",
    `refusing to update ${path}: it is a symbolic link to ${target}. Replacing it would turn the link into a regular file (as OpenTofu does) and writing through it would change a file outside the CLI configuration directory; replace the link with a regular file to store credentials here.`,
    { file: path },
  );
}

async function readDocument(path: string): Promise<JsonObject> {
  let text: string;
  try {
    text = await readConfigFile(path);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return new Map();
    throw invalid(path, goPathError("open", path, error), error);
  }
  if (text.length === 0) return new Map();
  let value: JsonValue;
  try {
    value = decodeJson(text, "first");
  } catch (error) {
    throw invalid(path, error instanceof JsonSyntaxError ? error.message : String(error), error);
  }
  // `null` decodes to an empty map (Go would then panic writing into it).
  if (value === null) return new Map();
  if (!(value instanceof Map)) {
    throw invalid(path, goJsonUnmarshalTypeError(goKindOf(value), "map[string]interface {}"));
  }
  return value;
}

function invalid(path: string, reason: string, cause?: unknown): CredentialsError {
  return new CredentialsError("TOFUKIT_CREDENTIALS_FILE_INVALID", `cannot read ${path}: ${reason}`, {
    file: path,
    ...(cause === undefined ? {} : { cause }),
  });
}
