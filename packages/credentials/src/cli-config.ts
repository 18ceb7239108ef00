// Loading OpenTofu's CLI configuration: finding the files, reading them, merging them with OpenTofu's
// rules and reporting its validation messages. The result also builds the CLI's credentials source.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { FileReadError, goQuote } from "@tofukit/gostd";
import { type Diagnostic, sourceless } from "@tofukit/hcl";

import { forComparison, type Hostname } from "@tofukit/hostname";
import { cachingSource } from "./caching-source.js";
import {
  CliCredentialsSource,
  type ConfiguredCredentials,
  credentialsFileHosts,
} from "./cli-credentials-source.js";
import {
  type ConfigBlock,
  type ConfigFileContent,
  type ConfigObject,
  type ConfigValue,
  contentOfJson,
  isConfigObject,
} from "./config-content.js";
import { contentOfHcl } from "./config-hcl.js";
import { configLocations, type LocationOptions } from "./config-locations.js";
import { CredentialsBlock } from "./credentials-block.js";
import type { Environment } from "./environment.js";
import type { FileLockOptions } from "./file-lock.js";
import { findHelperProgram, pluginDirectories } from "./helper-discovery.js";
import { helperSource } from "./helper-program.js";
import { decodeJson, JsonNumber } from "./json-decode.js";
import { readConfigFile } from "./read-config-file.js";
import { errorCode, goPathError, messageOf } from "./system-error.js";
import { compareUtf8 } from "./utf8-order.js";

/** A `credentials_helper "<name>" { args = [...] }` block. */
export interface CredentialsHelperBlock {
  readonly name: string;
  readonly args: readonly string[];
  readonly file: string;
}

/** A `host "<name>" { services = { … } }` block: a fixed discovery document for the host. */
export interface HostBlock {
  readonly label: string;
  readonly host: Hostname | null;
  /** The services map as written (an absent map is empty). */
  readonly services: ConfigObject;
  readonly file: string;
}

export interface CliConfigOptions extends LocationOptions {}

export interface CredentialsSourceOptions extends FileLockOptions {
  /** Per-call timeout for the helper program. Default 30 000 ms; `0` means none (OpenTofu has none). */
  readonly helperTimeoutMs?: number;
  /** The helper's environment. Default: the environment the configuration was loaded with. */
  readonly helperEnv?: Environment;
  /** Directories searched for the helper. Default: `plugins` and `plugins/<os>_<arch>` of each data directory. */
  readonly pluginDirs?: readonly string[];
}

/** What {@link loadCliConfig} found, from which a {@link CliConfig} is made. */
export interface CliConfigInit {
  readonly files: readonly string[];
  readonly mainFile: string;
  readonly configDir: string;
  readonly credentialsFile: string;
  readonly dataDirs: readonly string[];
  readonly credentials: ReadonlyMap<string, CredentialsBlock>;
  readonly credentialsHelpers: ReadonlyMap<string, CredentialsHelperBlock>;
  readonly hosts: ReadonlyMap<string, HostBlock>;
  readonly settings: ReadonlyMap<string, ConfigValue>;
  readonly diagnostics: readonly Diagnostic[];
  /** The environment TF_TOKEN_* variables are read from, and the helper's default environment. */
  readonly env: Environment;
}

/** The merged CLI configuration. Maps are keyed by the label as written, as OpenTofu merges them. */
export class CliConfig {
  /** The files read, in the order they were merged (later ones win). */
  readonly files: readonly string[];
  readonly mainFile: string;
  readonly configDir: string;
  readonly credentialsFile: string;
  readonly dataDirs: readonly string[];
  readonly credentials: ReadonlyMap<string, CredentialsBlock>;
  readonly credentialsHelpers: ReadonlyMap<string, CredentialsHelperBlock>;
  readonly hosts: ReadonlyMap<string, HostBlock>;
  /** Every other top-level setting, last file winning, kept as written. */
  readonly settings: ReadonlyMap<string, ConfigValue>;
  readonly diagnostics: readonly Diagnostic[];
  readonly #env: Environment;

  constructor(init: CliConfigInit) {
    this.files = init.files;
    this.mainFile = init.mainFile;
    this.configDir = init.configDir;
    this.credentialsFile = init.credentialsFile;
    this.dataDirs = init.dataDirs;
    this.credentials = init.credentials;
    this.credentialsHelpers = init.credentialsHelpers;
    this.hosts = init.hosts;
    this.settings = init.settings;
    this.diagnostics = init.diagnostics;
    this.#env = init.env;
  }

  /** The helper block in effect: `null` when there is none, or more than one (an error OpenTofu reports too). */
  get credentialsHelper(): CredentialsHelperBlock | null {
    if (this.credentialsHelpers.size !== 1) return null;
    return [...this.credentialsHelpers.values()][0] ?? null;
  }

  /** The `host` blocks with valid hostnames, by normalized host, for forcing discovery results. */
  hostServices(): Map<Hostname, ConfigObject> {
    const result = new Map<Hostname, ConfigObject>();
    for (const block of this.hosts.values()) if (block.host !== null) result.set(block.host, block.services);
    return result;
  }

  /**
   * The CLI's credentials source. Two blocks whose labels normalize to the same host: the one merged
   * last wins (OpenTofu leaves it to map order), and a warning was reported at load time.
   */
  async credentialsSource(options: CredentialsSourceOptions = {}): Promise<CliCredentialsSource> {
    const configured = new Map<Hostname, ConfiguredCredentials>();
    for (const block of this.credentials.values()) {
      if (block.host !== null)
        configured.set(block.host, { attributes: block.attributes, origin: block.file });
    }
    const inCredentialsFile = await credentialsFileHosts(this.credentialsFile);
    const unwritable = new Set<Hostname>();
    for (const host of configured.keys()) if (!inCredentialsFile.has(host)) unwritable.add(host);

    let helperProgram: string | null = null;
    const block = this.credentialsHelper;
    if (block !== null) {
      helperProgram = await findHelperProgram(
        block.name,
        options.pluginDirs ?? pluginDirectories(this.dataDirs),
      );
    }
    const helper =
      block === null || helperProgram === null
        ? null
        : cachingSource(
            helperSource(helperProgram, block.args, {
              env: options.helperEnv ?? this.#env,
              ...(options.helperTimeoutMs === undefined ? {} : { timeoutMs: options.helperTimeoutMs }),
            }),
          );
    return new CliCredentialsSource({
      env: this.#env,
      configured,
      unwritable,
      credentialsFile: this.credentialsFile,
      helper,
      helperProgram,
      fileOptions: {
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
        ...(options.staleMs === undefined ? {} : { staleMs: options.staleMs }),
      },
    });
  }
}

/**
 * Reads the CLI configuration as OpenTofu does: the main file, then (unless `TF_CLI_CONFIG_FILE` or
 * `TERRAFORM_CONFIG` is set) every `*.tfrc` and `*.tfrc.json` in the config directory in name order,
 * later files overriding earlier ones label by label. Problems become diagnostics, never exceptions.
 * Without `env`, `process.env` is read; pass `env` and `home` to load someone else's configuration.
 */
export async function loadCliConfig(options: CliConfigOptions = {}): Promise<CliConfig> {
  const env = options.env ?? process.env;
  const locations = configLocations({ ...options, env });
  const diagnostics: Diagnostic[] = [];
  const loaded: { file: string; content: ConfigFileContent }[] = [];

  const main = await readMainFile(locations.mainFile, locations.mainFileOverridden, diagnostics);
  if (main !== null)
    loaded.push({ file: locations.mainFile, content: parseContent(main, locations.mainFile, diagnostics) });

  if (!locations.mainFileOverridden && (await isDirectory(locations.configDir))) {
    let names: string[] = [];
    try {
      names = (await readdir(locations.configDir)).sort(compareUtf8);
    } catch (error) {
      diagnostics.push(
        errorDiagnostic(`Error reading ${locations.configDir}: ${messageOf(error)}`, locations.configDir),
      );
    }
    for (const name of names) {
      if (!name.endsWith(".tfrc") && !name.endsWith(".tfrc.json")) continue;
      const file = join(locations.configDir, name);
      let text: string;
      try {
        text = await readConfigFile(file);
      } catch (error) {
        diagnostics.push(errorDiagnostic(`Error reading ${file}: ${goPathError("read", file, error)}`, file));
        continue;
      }
      loaded.push({ file, content: parseContent(text, file, diagnostics) });
    }
  }

  const credentials = new Map<string, CredentialsBlock>();
  const credentialsHelpers = new Map<string, CredentialsHelperBlock>();
  const hosts = new Map<string, HostBlock>();
  const settings = new Map<string, ConfigValue>();
  for (const { file, content } of loaded) {
    for (const [key, value] of content.settings) settings.set(key, value);
    for (const block of content.blocks)
      addBlock(block, file, { credentials, credentialsHelpers, hosts }, diagnostics);
  }
  validate(credentials, credentialsHelpers, hosts, diagnostics);

  return new CliConfig({
    files: loaded.map(({ file }) => file),
    mainFile: locations.mainFile,
    configDir: locations.configDir,
    credentialsFile: locations.credentialsFile,
    dataDirs: locations.dataDirs,
    credentials,
    credentialsHelpers,
    hosts,
    settings,
    diagnostics,
    env,
  });
}

async function readMainFile(
  path: string,
  mustExist: boolean,
  diagnostics: Diagnostic[],
): Promise<string | null> {
  try {
    return await readConfigFile(path);
  } catch (error) {
    const code = errorCode(error);
    if (
      error instanceof FileReadError &&
      (error.code === "TOFUKIT_GOSTD_FILE_IS_DIRECTORY" ||
        error.code === "TOFUKIT_GOSTD_FILE_NOT_REGULAR" ||
        error.code === "TOFUKIT_GOSTD_FILE_TOO_LARGE")
    ) {
      diagnostics.push(errorDiagnostic(`Error reading ${path}: ${messageOf(error)}`, path));
      return null;
    }
    if (mustExist || code !== "ENOENT") {
      diagnostics.push(
        sourceless(
          "warning",
          "Unable to open CLI configuration file",
          `The CLI configuration file at ${goQuote(path)} does not exist.`,
          { file: path },
        ),
      );
    }
    return null;
  }
}

/** HCL 1 picks its JSON parser when the text starts with `{`, whatever the file is called. */
function parseContent(text: string, file: string, diagnostics: Diagnostic[]): ConfigFileContent {
  let content: ConfigFileContent;
  if (text.trimStart().startsWith("{")) {
    try {
      content = contentOfJson(decodeJson(text, "whole"));
    } catch (error) {
      diagnostics.push(errorDiagnostic(`Error parsing ${file}: ${messageOf(error)}`, file));
      return { blocks: [], settings: new Map(), problems: [] };
    }
  } else {
    content = contentOfHcl(text, file);
  }
  for (const problem of content.problems)
    diagnostics.push(errorDiagnostic(`Error parsing ${file}: ${problem}`, file));
  return content;
}

interface BlockMaps {
  readonly credentials: Map<string, CredentialsBlock>;
  readonly credentialsHelpers: Map<string, CredentialsHelperBlock>;
  readonly hosts: Map<string, HostBlock>;
}

/** Later blocks replace earlier ones with the same label, moving to the end (they are the newest). */
function addBlock(block: ConfigBlock, file: string, maps: BlockMaps, diagnostics: Diagnostic[]): void {
  const { label, body } = block;
  switch (block.type) {
    case "credentials":
      maps.credentials.delete(label);
      maps.credentials.set(label, new CredentialsBlock(label, normalized(label), body, file));
      return;
    case "host": {
      const services = body.services;
      if (services !== undefined && services !== null && !isConfigObject(services)) {
        diagnostics.push(
          errorDiagnostic(`Error parsing ${file}: host ${goQuote(label)}: services must be a map`, file),
        );
        return;
      }
      maps.hosts.delete(label);
      maps.hosts.set(label, {
        label,
        host: normalized(label),
        services: services ?? Object.create(null),
        file,
      });
      return;
    }
    case "credentials_helper": {
      const args = helperArgs(body.args);
      if (args === null) {
        diagnostics.push(
          errorDiagnostic(
            `Error parsing ${file}: credentials_helper ${goQuote(label)}: args must be a list of strings`,
            file,
          ),
        );
        return;
      }
      maps.credentialsHelpers.delete(label);
      maps.credentialsHelpers.set(label, { name: label, args, file });
      return;
    }
  }
}

/** HCL 1 decodes weakly: numbers and bools in `args` become their text. */
function helperArgs(value: ConfigValue | undefined): string[] | null {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return null;
  const args: string[] = [];
  for (const item of value as readonly ConfigValue[]) {
    if (typeof item === "string") args.push(item);
    else if (typeof item === "boolean") args.push(String(item));
    else if (item instanceof JsonNumber) args.push(item.text);
    else return null;
  }
  return args;
}

function validate(
  credentials: ReadonlyMap<string, CredentialsBlock>,
  helpers: ReadonlyMap<string, CredentialsHelperBlock>,
  hosts: ReadonlyMap<string, HostBlock>,
  diagnostics: Diagnostic[],
): void {
  for (const label of [...hosts.keys()].sort(compareUtf8)) {
    const problem = hostnameProblem(label);
    if (problem !== null) {
      diagnostics.push(
        errorDiagnostic(
          `The host ${goQuote(label)} block has an invalid hostname: ${problem}`,
          hosts.get(label)?.file,
        ),
      );
    }
  }
  for (const label of [...credentials.keys()].sort(compareUtf8)) {
    const problem = hostnameProblem(label);
    if (problem !== null) {
      diagnostics.push(
        errorDiagnostic(
          `The credentials ${goQuote(label)} block has an invalid hostname: ${problem}`,
          credentials.get(label)?.file,
        ),
      );
    }
  }
  if (helpers.size > 1)
    diagnostics.push(errorDiagnostic("No more than one credentials_helper block may be specified"));

  // Not an OpenTofu message: it picks one of such blocks at random, so say which one is used here.
  const byHost = new Map<Hostname, CredentialsBlock[]>();
  for (const block of credentials.values()) {
    if (block.host === null) continue;
    byHost.set(block.host, [...(byHost.get(block.host) ?? []), block]);
  }
  for (const [host, blocks] of byHost) {
    if (blocks.length < 2) continue;
    const used = blocks[blocks.length - 1] as CredentialsBlock;
    diagnostics.push(
      sourceless(
        "warning",
        `Several credentials blocks are for the host ${host}`,
        `The blocks ${blocks.map((b) => goQuote(b.label)).join(", ")} all name the same host; the one in ${used.file} (${goQuote(used.label)}) is used. Keep only one.`,
        { file: used.file },
      ),
    );
  }
}

function normalized(label: string): Hostname | null {
  try {
    return forComparison(label);
  } catch {
    return null;
  }
}

function hostnameProblem(label: string): string | null {
  try {
    forComparison(label);
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

function errorDiagnostic(summary: string, file?: string): Diagnostic {
  return sourceless("error", summary, "", file === undefined ? undefined : { file });
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
