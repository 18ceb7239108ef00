// A module tree as OpenTofu's configuration loader builds it from a root module: each `module`
// call's source found — a local path beside its caller, or what `tofu init` installed, through
// `.terraform/modules/modules.json` — and loaded, recursively. A module directory called many
// times is read once. A call whose module cannot be found is listed with the reason, never
// dropped without a word.
import type { Diagnostic } from "@tofukit/hcl";
import { constantString, type ModuleCall } from "./decode-module-call.js";
import { type LoadedModule, loadModule } from "./load-module.js";
import type { ModuleFile } from "./module-file.js";
import { cleanLocalSource, cleanPath, moduleSourceKind } from "./module-source-kind.js";
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
}

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

/** A module call whose module was not loaded, and why. */
export interface UncheckedCall {
  /** `module.a.module.b`. */
  readonly address: string;
  readonly source: string | undefined;
  readonly reason: string;
  readonly range: Range;
}

export interface ModuleTree {
  readonly root: ModuleNode;
  /** Every node below the root, parents before their children. */
  readonly modules: readonly ModuleNode[];
  readonly unchecked: readonly UncheckedCall[];
  /** Problems loading the tree (sources, directories, cycles), by the module they are in. */
  readonly diagnostics: readonly (Diagnostic & { readonly module?: string })[];
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
  const diagnostics: (Diagnostic & { module?: string })[] = [];
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

  const visit = (
    module: LoadedModule,
    dir: string,
    path: readonly string[],
    ancestors: readonly string[],
  ): ModuleNode[] => {
    const children: ModuleNode[] = [];
    const here = path.map((p) => `module.${p}`).join(".");
    const report = (d: Diagnostic) => diagnostics.push(here === "" ? d : { ...d, module: here });
    for (const call of module.moduleCalls.values()) {
      const childPath = [...path, call.name];
      const address = childPath.map((p) => `module.${p}`).join(".");
      const skip = (source: string | undefined, reason: string) =>
        unchecked.push({ address, source, reason, range: call.declRange });
      if (call.source === undefined) {
        skip(undefined, "it has no source");
        continue;
      }
      const raw = constantString(call.source.expr);
      if (raw === undefined) {
        skip(
          undefined,
          "its source is not written as a string (OpenTofu evaluates it from variables and local values; tofukit reads constant sources only)",
        );
        continue;
      }
      let childDir: string;
      if (moduleSourceKind(raw) === "local") {
        if (call.version !== undefined) {
          report({
            severity: "error",
            summary: "Invalid registry module source address",
            detail: `Failed to parse module registry address: can't use local directory ${JSON.stringify(raw)} as a module registry address.\n\nOpenTofu assumed that you intended a module registry source address because you also set the argument "version", which applies only to registry modules.`,
            subject: call.source.expr.range,
          });
          skip(raw, "its source is invalid");
          continue;
        }
        childDir = joinDir(dir, cleanLocalSource(raw));
      } else {
        const entries = manifestEntries();
        const entry = entries?.get(childPath.join("."));
        if (entry === undefined) {
          skip(
            raw,
            entries === undefined
              ? 'a registry or remote module that is not installed (no .terraform/modules/modules.json: run "tofu init")'
              : 'a registry or remote module that is not installed (run "tofu init")',
          );
          continue;
        }
        childDir = entry.dir;
      }
      if (ancestors.includes(childDir)) {
        report({
          severity: "error",
          summary: "Recursive module call",
          detail: `${address} calls the module in ${childDir}, which is already being loaded for ${here === "" ? "the root module" : here}: a module cannot call itself, directly or through other modules.`,
          subject: call.declRange,
        });
        skip(raw, "it calls a module that calls it");
        continue;
      }
      const child = load(childDir);
      if (child === undefined) {
        report({
          severity: "error",
          summary: "Unreadable module directory",
          detail: `The module ${address} is to be read from ${childDir}, which does not exist or is not a directory.`,
          subject: call.source.expr.range,
        });
        skip(raw, `its directory ${childDir} cannot be read`);
        continue;
      }
      // A module called many times is reported once, at the first call that loads it.
      if (!reportedDirs.has(childDir)) {
        reportedDirs.add(childDir);
        for (const d of child.diagnostics) diagnostics.push({ ...d, module: address });
      }
      const node: { -readonly [K in keyof ModuleNode]: ModuleNode[K] } = {
        address,
        path: childPath,
        dir: childDir,
        module: child,
        call,
        children: [],
      };
      modules.push(node);
      node.children = visit(child, childDir, childPath, [...ancestors, childDir]);
      children.push(node);
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
  rootNode.children = visit(root, ".", [], ["."]);
  return { root: rootNode, modules, unchecked, diagnostics };
}
