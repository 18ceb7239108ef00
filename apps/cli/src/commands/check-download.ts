// `tofukit check --download`: registry and remote modules that `tofu init` has not installed are
// downloaded into a cache (through the registry client the registry commands use: discovery,
// credentials and host blocks of the CLI configuration) and checked like the others.
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import type { LoadedModule, ModuleTree } from "@tofukit/config";
import { downloadModuleTree, nodeModuleTreeReader } from "@tofukit/config/node";
import type { CommandIO } from "../io.js";
import { registryAccess } from "./registry-access.js";

type Env = Readonly<Record<string, string | undefined>>;

/** Where downloaded modules are kept unless --cache-dir says otherwise. */
export function defaultModuleCacheDir(env: Env, platform: NodeJS.Platform = process.platform): string {
  const home = env.HOME ?? env.USERPROFILE ?? homedir();
  if (env.XDG_CACHE_HOME !== undefined && env.XDG_CACHE_HOME !== "")
    return join(env.XDG_CACHE_HOME, "tofukit", "modules");
  if (platform === "darwin") return join(home, "Library", "Caches", "tofukit", "modules");
  if (platform === "win32" && env.LOCALAPPDATA !== undefined && env.LOCALAPPDATA !== "")
    return join(env.LOCALAPPDATA, "tofukit", "modules");
  return join(home, ".cache", "tofukit", "modules");
}

/**
 * The module tree of `loaded`, its registry and remote calls downloaded into the cache, trusting
 * the CA certificates `ca` (PEM) besides the system's.
 */
export async function loadTreeWithDownloads(
  io: CommandIO,
  dir: string,
  loaded: LoadedModule,
  cacheDir: string | undefined,
  ca: readonly string[] = [],
): Promise<ModuleTree> {
  const access = await registryAccess(io, { ca });
  try {
    return await downloadModuleTree(loaded, {
      client: access.client,
      // Archives go through the dispatcher the registry's API requests go through (proxy, --ca);
      // git gets the environment's proxy variables and the --ca certificates.
      dispatcher: access.dispatcher,
      env: io.env,
      ca,
      cacheDir: cacheDir === undefined ? defaultModuleCacheDir(io.env) : resolve(io.cwd, cacheDir),
      reader: nodeModuleTreeReader(dir),
    });
  } finally {
    await access.close();
  }
}
