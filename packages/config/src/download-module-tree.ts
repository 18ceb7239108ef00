// A module tree loaded with its registry and remote modules fetched as `tofu init` would fetch
// them: the tree is loaded, the calls that no modules.json entry installed are downloaded
// (through @tofukit/registry/client, into a cache directory), and the tree is loaded again, until
// nothing new is called. A call whose module cannot be fetched stays unchecked with the reason.
import {
  type DownloadedModule,
  downloadRegistryModule,
  downloadRemoteModule,
  type ModuleDownloadOptions,
  type RegistryClient,
} from "@tofukit/registry/client";
import type { LoadedModule } from "./load-module.js";
import {
  type FetchedModule,
  type FetchedModuleRequest,
  loadModuleTree,
  type ModuleTree,
  type ModuleTreeReader,
} from "./module-tree.js";

export interface DownloadModuleTreeOptions extends ModuleDownloadOptions {
  /** The client of the module registries (service discovery and credentials included). */
  readonly client: RegistryClient;
  /** The reader of the tree's own files; its `fetchedModule` is replaced. */
  readonly reader: ModuleTreeReader;
  /** The most packages one tree may download: 200 by default. */
  readonly maxDownloads?: number;
  /** Told of each package as it is fetched (or found in the cache), or why it could not be. */
  readonly onModule?: (event: DownloadEvent) => void;
}

/** One registry or remote call's package: where it now is, or why it is not there. */
export type DownloadEvent =
  | { readonly key: string; readonly source: string; readonly module: DownloadedModule }
  | { readonly key: string; readonly source: string; readonly error: Error };

const requestKey = (r: FetchedModuleRequest) =>
  `${r.source.toString()}\u0000${r.version ?? ""}\u0000${r.hasVersion}`;

async function fetchOne(
  request: FetchedModuleRequest,
  options: DownloadModuleTreeOptions,
): Promise<FetchedModule> {
  const what = request.source.kind === "registry" ? "a registry module" : "a remote module";
  if (request.hasVersion && request.version === undefined) {
    return {
      code: "dynamic-version",
      reason: `${what} whose version is an expression, which cannot be downloaded`,
    };
  }
  try {
    const module =
      request.source.kind === "registry"
        ? await downloadRegistryModule(options.client, request.source, request.version, options)
        : await downloadRemoteModule(request.source, options);
    options.onModule?.({ key: request.key, source: request.source.toString(), module });
    return { dir: module.dir, packageDir: module.packageDir };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    options.onModule?.({ key: request.key, source: request.source.toString(), error });
    return { code: "download-failed", reason: `${what} that could not be downloaded: ${error.message}` };
  }
}

/**
 * Loads the tree of `root` as loadModuleTree does, downloading each registry and remote module
 * that `.terraform/modules/modules.json` does not list (with its version constraint, into
 * `cacheDir`) and following the calls inside it in turn. Downloads of one round run together.
 */
export async function downloadModuleTree(
  root: LoadedModule,
  options: DownloadModuleTreeOptions,
): Promise<ModuleTree> {
  const fetched = new Map<string, FetchedModule>();
  const pending = new Map<string, FetchedModuleRequest>();
  const limit = options.maxDownloads ?? 200;
  let settled = false;
  const reader: ModuleTreeReader = {
    ...options.reader,
    fetchedModule(request) {
      const key = requestKey(request);
      const known = fetched.get(key);
      if (known !== undefined) return known;
      if (settled) {
        // Only a call whose source is an expression asks once the tree is loaded.
        return {
          code: "not-downloaded",
          reason: `${request.source.kind === "registry" ? "a registry module" : "a remote module"} named by an expression, which is not downloaded`,
        };
      }
      pending.set(key, request);
      return { code: "not-downloaded", reason: "not downloaded yet" };
    },
  };
  for (;;) {
    pending.clear();
    const tree = loadModuleTree(root, reader);
    if (pending.size === 0) {
      settled = true;
      return tree;
    }
    await Promise.all(
      [...pending].map(async ([key, request]) => {
        if (fetched.size >= limit) {
          fetched.set(key, {
            code: "too-many-downloads",
            reason: `more than ${limit} module packages to download`,
          });
          return;
        }
        fetched.set(key, { code: "not-downloaded", reason: "being downloaded" });
        fetched.set(key, await fetchOne(request, options));
      }),
    );
  }
}
