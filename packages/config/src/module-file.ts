// Which files of a module directory OpenTofu reads as configuration, and in what order, as
// its configuration loader does: `.tf`, `.tf.json`, `.tofu` and `.tofu.json` files, override files
// apart, a `.tofu` file standing in for the `.tf` file of the same base name, editor backups and
// test files left out.

/** A file of a module, by the name diagnostics give it (usually its name in the directory). */
export interface ModuleFile {
  readonly name: string;
  readonly text: string;
}

/** A configuration file's syntax, from its extension. */
export type ConfigSyntax = "native" | "json";

export interface ConfigFileName {
  readonly name: string;
  readonly syntax: ConfigSyntax;
}

/** The configuration files of a module, primary and override, each in lexical order. */
export interface ConfigFileNames {
  readonly primary: readonly ConfigFileName[];
  readonly override: readonly ConfigFileName[];
}

const CONFIG_EXTENSIONS = [".tf", ".tf.json", ".tofu", ".tofu.json"] as const;
const TEST_EXTENSIONS = [".tftest.hcl", ".tftest.json", ".tofutest.hcl", ".tofutest.json"] as const;

/** The configuration extension of a file name, or undefined when it is no configuration file. */
function configExtension(name: string): (typeof CONFIG_EXTENSIONS)[number] | undefined {
  return CONFIG_EXTENSIONS.find((ext) => name.endsWith(ext));
}

/** Editor droppings OpenTofu skips: dot files, `name~` backups and emacs' `#name#`. */
function isIgnored(name: string): boolean {
  return name.startsWith(".") || name.endsWith("~") || (name.startsWith("#") && name.endsWith("#"));
}

/** The base name of a path-like name: files passed in memory may carry a directory part. */
function baseName(name: string): string {
  const slash = Math.max(name.lastIndexOf("/"), name.lastIndexOf("\\"));
  return slash < 0 ? name : name.slice(slash + 1);
}

/** Leaves out each `.tf`/`.tf.json` file that has a `.tofu`/`.tofu.json` file of the same base name. */
function preferTofu(names: readonly string[]): string[] {
  const all = new Set(names);
  return names.filter((name) => {
    if (name.endsWith(".tf")) return !all.has(`${name.slice(0, -3)}.tofu`);
    if (name.endsWith(".tf.json")) return !all.has(`${name.slice(0, -8)}.tofu.json`);
    return true;
  });
}

/**
 * The configuration files among `names`, split as OpenTofu splits them: a file whose base name
 * (before the extension) is `override` or ends in `_override` is an override file.
 */
export function configFileNames(names: Iterable<string>): ConfigFileNames {
  const primary: string[] = [];
  const override: string[] = [];
  // OpenTofu lists a directory in lexical (byte) order.
  for (const name of [...names].sort(compareBytes)) {
    const base = baseName(name);
    if (isIgnored(base) || TEST_EXTENSIONS.some((ext) => base.endsWith(ext))) continue;
    const ext = configExtension(base);
    if (ext === undefined) continue;
    const stem = base.slice(0, -ext.length);
    (stem === "override" || stem.endsWith("_override") ? override : primary).push(name);
  }
  const withSyntax = (name: string): ConfigFileName => ({
    name,
    syntax: name.endsWith(".json") ? "json" : "native",
  });
  return { primary: preferTofu(primary).map(withSyntax), override: preferTofu(override).map(withSyntax) };
}

/** Go's string order: by UTF-8 bytes, which for these names is the order of code points. */
export function compareBytes(a: string, b: string): number {
  if (a === b) return 0;
  const ca = [...a];
  const cb = [...b];
  for (let i = 0; i < Math.min(ca.length, cb.length); i++) {
    const x = ca[i]!.codePointAt(0)!;
    const y = cb[i]!.codePointAt(0)!;
    if (x !== y) return x - y;
  }
  return ca.length - cb.length;
}
