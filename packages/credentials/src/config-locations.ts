// Where OpenTofu looks for its CLI configuration, credentials.tfrc.json and helper programs.
import { existsSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { posix, win32 } from "node:path";
import { type Environment, environmentValue } from "./environment.js";

export interface LocationOptions {
  /** The environment to read `TF_CLI_CONFIG_FILE`, `XDG_*`, `HOME`, `APPDATA` from. Default `process.env`. */
  readonly env?: Environment;
  /** The home directory. Default: `HOME` from `env`, else the account's home (as OpenTofu). */
  readonly home?: string;
  /** `"win32"` for Windows locations; anything else means Unix. Default `process.platform`. */
  readonly platform?: string;
}

/** The resolved locations. */
export interface ConfigLocations {
  /** The main CLI configuration file, whether or not it exists. */
  readonly mainFile: string;
  /** Set by `TF_CLI_CONFIG_FILE` (or legacy `TERRAFORM_CONFIG`): it must exist, and `configDir` is not read. */
  readonly mainFileOverridden: boolean;
  /** The directory whose `*.tfrc` and `*.tfrc.json` files are read. */
  readonly configDir: string;
  /** Where stored credentials go: `<configDir>/credentials.tfrc.json`, even when the directory is not read. */
  readonly credentialsFile: string;
  /** Data directories; helpers are searched in their `plugins` subdirectories. */
  readonly dataDirs: readonly string[];
}

/**
 * OpenTofu's rules. Unix: `TF_CLI_CONFIG_FILE`, else `TERRAFORM_CONFIG`, else `~/.tofurc`, else
 * `~/.terraformrc`, else (when `XDG_CONFIG_HOME` is set) `$XDG_CONFIG_HOME/opentofu/tofurc`. The config
 * directory is `~/.terraform.d`, or `$XDG_CONFIG_HOME/opentofu` when that does not exist and the
 * variable is set. Data directories: `~/.terraform.d` and `$XDG_DATA_HOME/opentofu`. Windows uses
 * `%APPDATA%\tofu.rc` (legacy `terraform.rc`) and `%APPDATA%\terraform.d`.
 */
export function configLocations(options: LocationOptions = {}): ConfigLocations {
  const env = options.env ?? process.env;
  const variable = (name: string) => {
    const value = environmentValue(env, name);
    return value === undefined || value === "" ? undefined : value;
  };
  const override = variable("TF_CLI_CONFIG_FILE") ?? variable("TERRAFORM_CONFIG");
  if ((options.platform ?? process.platform) === "win32") {
    const appData = variable("APPDATA") ?? win32.join(options.home ?? homedir(), "AppData", "Roaming");
    const configDir = win32.join(appData, "terraform.d");
    return {
      mainFile: override ?? newOrLegacy(win32.join(appData, "tofu.rc"), win32.join(appData, "terraform.rc")),
      mainFileOverridden: override !== undefined,
      configDir,
      credentialsFile: win32.join(configDir, "credentials.tfrc.json"),
      dataDirs: [configDir],
    };
  }
  const home = options.home ?? variable("HOME") ?? homedir();
  const xdgConfig = variable("XDG_CONFIG_HOME");
  const xdgData = variable("XDG_DATA_HOME");

  let mainFile = override;
  if (mainFile === undefined) {
    const tofurc = posix.join(home, ".tofurc");
    const terraformrc = posix.join(home, ".terraformrc");
    if (existsSync(tofurc)) mainFile = tofurc;
    else if (existsSync(terraformrc)) mainFile = terraformrc;
    else mainFile = xdgConfig === undefined ? tofurc : posix.join(xdgConfig, "opentofu", "tofurc");
  }
  const legacyDir = posix.join(home, ".terraform.d");
  const configDir =
    xdgConfig === undefined || isDirectory(legacyDir) ? legacyDir : posix.join(xdgConfig, "opentofu");
  return {
    mainFile,
    mainFileOverridden: override !== undefined,
    configDir,
    credentialsFile: posix.join(configDir, "credentials.tfrc.json"),
    dataDirs: xdgData === undefined ? [legacyDir] : [legacyDir, posix.join(xdgData, "opentofu")],
  };
}

function newOrLegacy(preferred: string, legacy: string): string {
  if (existsSync(preferred)) return preferred;
  return existsSync(legacy) ? legacy : preferred;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
