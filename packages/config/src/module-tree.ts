// A module tree as OpenTofu's configuration loader builds it from a root module: each `module`
// call's source found — a local path beside its caller, or what `tofu init` installed, through
// `.terraform/modules/modules.json` — and loaded, recursively. A module directory called many
// times is read once. A call whose module cannot be found is listed with the reason, never
// dropped without a word.

import { cleanPath } from "@tofukit/gostd";
import { type Diagnostic, errorDiag } from "@tofukit/hcl";
import type { RegistryModuleSource, RemoteModuleSource } from "@tofukit/registry";
import { constantString, type ModuleCall } from "./decode-module-call.js";
import { inModule } from "./in-module.js";
import { type LoadedModule, loadModule } from "./load-module.js";
import type { ModuleFile } from "./module-file.js";
import { readModuleSource } from "./module-source-address.js";
import type { Range } from "./variable-declaration.js";

/** How the loader reaches the files of a tree; @tofukit/config/node reads them from disk. */
export interface ModuleTreeReader {
  /**
   * The files of the module in `dir`, a "/"-separated path relative to the root module's
   * directory ("." for the root), named as diagnostics are to name them (`modules/a/main.tf`);
   * undefined when there is no such directory.
   */
  readonly readModule: (dir: string) => readonly ModuleFile[] | undefined;
  /** The text of the root's `.terraform/modules/modules.json`; undefined when there is none. */
  readonly readManifest?: () => string | undefined;
  /**
   * Where a registry or remote module that modules.json does not list was put (a directory as
   * `readModule` takes it), or why it could not be; undefined when nothing fetched it.
   * `downloadModuleTree` of @tofukit/config/node supplies one.
   */
  readonly fetchedModule?: (request: FetchedModuleRequest) => FetchedModule | undefined;
}

/** A registry or remote module call that no modules.json entry installed. */
export interface FetchedModuleRequest {
  /** The call's key in modules.json: the call names from the root, joined by ".". */
  readonly key: string;
  readonly source: RegistryModuleSource | RemoteModuleSource;
  /** The `version` argument as written, when it is a constant string. */
  readonly version: string | undefined;
  /** Whether the call has a `version` argument at all. */
  readonly hasVersion: boolean;
}

/**
 * The directory of a fetched module (and of the whole package it is in, which local calls inside
 * it may not leave), or why it could not be fetched.
 */
export type FetchedModule =
  | { readonly dir: string; readonly packageDir?: string }
  | { readonly code: UncheckedReason; readonly reason: string };

export interface ModuleNode {
  /** `module.a.module.b`; empty for the root. */
  readonly address: string;
  /** The call names from the root: `["a", "b"]`. */
  readonly path: readonly string[];
  /** The module's directory, relative to the root module's. */
  readonly dir: string;
  readonly module: LoadedModule;
  /** The call that made this node, in its parent's module; undefined for the root. */
  readonly call: ModuleCall | undefined;
  /** The calls of this module that were loaded, in the order they are written. */
  readonly children: readonly ModuleNode[];
}

/**
 * Why a module call was not loaded, as a stable code:
 * - `no-source`: the call has no `source` argument;
 * - `invalid-source`: its source address does not parse (a diagnostic says why);
 * - `dynamic-source`: its source is an expression, not yet evaluated (`DYNAMIC_SOURCE`);
 * - `source-error`: its source expression could not be evaluated (a diagnostic says why);
 * - `unknown-source`: its source is not known before a plan;
 * - `outside-package`: a local path that leaves the module package it is in;
 * - `recursive`: it calls a module that is already being loaded above it;
 * - `unreadable`: its directory does not exist or is not a directory;
 * - `not-installed`: a registry or remote module that modules.json does not list;
 * - `not-downloaded`: a registry or remote module named by an expression, which a download of
 *   the tree does not fetch;
 * - `dynamic-version`: a module to download whose `version` is an expression;
 * - `download-failed`: a module whose download failed (the reason says how);
 * - `too-many-downloads`: a module past the tree's limit of downloads.
 */
export type UncheckedReason =
  | "no-source"
  | "invalid-source"
  | "dynamic-source"
  | "source-error"
  | "unknown-source"
  | "outside-package"
  | "recursive"
  | "unreadable"
  | "not-installed"
  | "not-downloaded"
  | "dynamic-version"
  | "download-failed"
  | "too-many-downloads";

/** A module call whose module was not loaded, and why. */
export interface UncheckedCall {
  /** `module.a.module.b`. */
  readonly address: string;
  readonly source: string | undefined;
  /** Why, as a stable code a front end can add its own advice to. */
  readonly code: UncheckedReason;
  /**
   * Why, in words, without advice on what to do (`a registry module that is not installed`);
   * front ends add theirs by `code`.
   */
  readonly reason: string;
  readonly range: Range;
}

/** Why a call whose source is an expression is not loaded with the tree. */
export const DYNAMIC_SOURCE =
  "its source is an expression, which only a check of the caller's values can evaluate";

/** What following one more call loads: its node (undefined when it cannot), and the problems. */
export interface FollowedCall {
  readonly node: ModuleNode | undefined;
  /** Every node loaded, the call's own first, then what it calls. */
  readonly modules: readonly ModuleNode[];
  readonly unchecked: readonly UncheckedCall[];
  readonly diagnostics: readonly Diagnostic[];
}

export interface ModuleTree {
  /**
   * Loads the module a call of `parent` calls from `source`, for a call whose source is an
   * expression (OpenTofu evaluates it statically, from variables and local values).
   */
  readonly followSource: (parent: ModuleNode, call: ModuleCall, source: string) => FollowedCall;
  readonly root: ModuleNode;
  /** Every node below the root, parents before their children. */
  readonly modules: readonly ModuleNode[];
  readonly unchecked: readonly UncheckedCall[];
  /** Problems loading the tree (sources, directories, cycles), by the module they are in. */
  readonly diagnostics: readonly Diagnostic[];
}

interface ManifestEntry {
  readonly key: string;
  readonly dir: string;
}

/** The entries of modules.json (`{"Modules": [{"Key", "Source", "Version", "Dir"}]}`), by key. */
function readManifest(text: string | undefined): Map<string, ManifestEntry> | undefined {
  if (text === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return new Map();
  }
  const out = new Map<string, ManifestEntry>();
  const modules = (parsed as { Modules?: unknown })?.Modules;
  if (!Array.isArray(modules)) return out;
  for (const m of modules as unknown[]) {
    const { Key, Dir } = (m ?? {}) as { Key?: unknown; Dir?: unknown };
    if (typeof Key === "string" && typeof Dir === "string") {
      out.set(Key, { key: Key, dir: cleanPath(Dir.replaceAll("\\", "/")) });
    }
  }
  return out;
}

function joinDir(parent: string, child: string): string {
  return cleanPath(parent === "." ? child : `${parent}/${child}`);
}

/** Loads every module the root calls, and the modules they call, as far as they can be found. */
export function loadModuleTree(root: LoadedModule, reader: ModuleTreeReader): ModuleTree {
  const modules: ModuleNode[] = [];
  const unchecked: UncheckedCall[] = [];
  const diagnostics: Diagnostic[] = [];
  const loaded = new Map<string, LoadedModule | undefined>();
  const reportedDirs = new Set<string>();
  let manifest: Map<string, ManifestEntry> | undefined | null = null;
  const manifestEntries = () => {
    if (manifest === null) manifest = readManifest(reader.readManifest?.());
    return manifest;
  };
  const load = (dir: string): LoadedModule | undefined => {
    if (!loaded.has(dir)) {
      const files = reader.readModule(dir);
      loaded.set(dir, files === undefined ? undefined : loadModule(files));
    }
    return loaded.get(dir);
  };

  type Problems = {
    readonly diagnostics: Diagnostic[];
    readonly unchecked: UncheckedCall[];
    readonly modules: ModuleNode[];
  };
  const ancestorsOf = new WeakMap<ModuleNode, readonly string[]>();
  // The package directory each fetched module (and what it calls locally) lives in.
  const packageOf = new WeakMap<ModuleNode, string>();

  /** Loads the module `call` of `parent` calls from `raw`, and what it calls in turn. */
  const follow = (
    parent: ModuleNode,
    call: ModuleCall,
    raw: string,
    out: Problems,
  ): ModuleNode | undefined => {
    const ancestors = ancestorsOf.get(parent) ?? [parent.dir];
    const here = parent.address;
    const childPath = [...parent.path, call.name];
    const address = childPath.map((p) => `module.${p}`).join(".");
    const report = (d: Diagnostic) => out.diagnostics.push(inModule(d, here));
    const skip = (code: UncheckedReason, reason: string) => {
      out.unchecked.push({ address, source: raw, code, reason, range: call.declRange });
      return undefined;
    };
    const sourceRange = call.source?.expr.range ?? call.declRange;
    const reading = readModuleSource(raw, call.version !== undefined, sourceRange);
    if ("diagnostic" in reading) {
      report(reading.diagnostic);
      return skip("invalid-source", "its source is invalid");
    }
    const { source } = reading;
    let childDir: string;
    let packageDir = packageOf.get(parent);
    if (source.kind === "local") {
      childDir = joinDir(parent.dir, source.path);
      // As addrs.ResolveRelativeModuleSource: a local path inside a package stays inside it.
      if (packageDir !== undefined && childDir !== packageDir && !childDir.startsWith(`${packageDir}/`)) {
        return skip(
          "outside-package",
          `its relative path ${source.path} has too many "../" segments: it leaves the module package`,
        );
      }
    } else {
      packageDir = undefined;
      const entries = manifestEntries();
      const key = childPath.join(".");
      const entry = entries?.get(key);
      const what = source.kind === "registry" ? "a registry module" : "a remote module";
      if (entry !== undefined) childDir = entry.dir;
      else {
        const version = call.version === undefined ? undefined : constantString(call.version.expr);
        const fetched = reader.fetchedModule?.({
          key,
          source,
          version,
          hasVersion: call.version !== undefined,
        });
        if (fetched !== undefined && "reason" in fetched) return skip(fetched.code, fetched.reason);
        if (fetched === undefined) {
          return skip(
            "not-installed",
            entries === undefined
              ? `${what} that is not installed (no .terraform/modules/modules.json)`
              : `${what} that is not installed`,
          );
        }
        childDir = fetched.dir;
        packageDir = fetched.packageDir;
      }
    }
    if (ancestors.includes(childDir)) {
      report(
        errorDiag(
          "Recursive module call",
          `${address} calls the module in ${childDir}, which is already being loaded for ${here === "" ? "the root module" : here}: a module cannot call itself, directly or through other modules.`,
          call.declRange,
        ),
      );
      return skip("recursive", "it calls a module that calls it");
    }
    const child = load(childDir);
    if (child === undefined) {
      report(
        errorDiag(
          "Unreadable module directory",
          `The module ${address} is to be read from ${childDir}, which does not exist or is not a directory.`,
          sourceRange,
        ),
      );
      return skip("unreadable", `its directory ${childDir} cannot be read`);
    }
    // A module called many times is reported once, at the first call that loads it.
    if (!reportedDirs.has(childDir)) {
      reportedDirs.add(childDir);
      for (const d of child.diagnostics) out.diagnostics.push(inModule(d, address));
    }
    const node: { -readonly [K in keyof ModuleNode]: ModuleNode[K] } = {
      address,
      path: childPath,
      dir: childDir,
      module: child,
      call,
      children: [],
    };
    ancestorsOf.set(node, [...ancestors, childDir]);
    if (packageDir !== undefined) packageOf.set(node, packageDir);
    out.modules.push(node);
    node.children = visit(node, out);
    return node;
  };

  const visit = (parent: ModuleNode, out: Problems): ModuleNode[] => {
    const children: ModuleNode[] = [];
    for (const call of parent.module.moduleCalls.values()) {
      const address = [...parent.path, call.name].map((p) => `module.${p}`).join(".");
      if (call.source === undefined) {
        out.unchecked.push({
          address,
          source: undefined,
          code: "no-source",
          reason: "it has no source",
          range: call.declRange,
        });
        continue;
      }
      const raw = constantString(call.source.expr);
      if (raw === undefined) {
        out.unchecked.push({
          address,
          source: undefined,
          code: "dynamic-source",
          reason: DYNAMIC_SOURCE,
          range: call.declRange,
        });
        continue;
      }
      const child = follow(parent, call, raw, out);
      if (child !== undefined) children.push(child);
    }
    return children;
  };

  const rootNode: { -readonly [K in keyof ModuleNode]: ModuleNode[K] } = {
    address: "",
    path: [],
    dir: ".",
    module: root,
    call: undefined,
    children: [],
  };
  ancestorsOf.set(rootNode, ["."]);
  const out = { diagnostics, unchecked, modules };
  rootNode.children = visit(rootNode, out);
  return {
    root: rootNode,
    modules,
    unchecked,
    diagnostics,
    followSource: (parent, call, raw) => {
      const more: Problems = { diagnostics: [], unchecked: [], modules: [] };
      const node = follow(parent, call, raw, more);
      return { node, ...more };
    },
  };
}
