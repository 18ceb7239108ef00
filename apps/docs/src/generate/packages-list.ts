// The published packages the reference documents: every packages/* member that is not private,
// in the order of the design's layers.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface PackageInfo {
  /** The directory name under packages/, also the reference page's name. */
  readonly dir: string;
  readonly name: string;
  readonly description: string;
  /** The main entry's source file. */
  readonly entry: string;
}

const layers = [
  "hostname",
  "cty",
  "hcl",
  "convert",
  "typeexpr",
  "functions",
  "config",
  "registry",
  "schema",
  "credentials",
  "disco",
];

function rank(dir: string): number {
  const i = layers.indexOf(dir);
  return i < 0 ? layers.length : i;
}

export function packagesOf(repoRoot: string): PackageInfo[] {
  const base = join(repoRoot, "packages");
  const found: PackageInfo[] = [];
  for (const dir of readdirSync(base)) {
    const manifest = join(base, dir, "package.json");
    const entry = join(base, dir, "src", "index.ts");
    if (!existsSync(manifest) || !existsSync(entry)) continue;
    const pkg = JSON.parse(readFileSync(manifest, "utf8")) as {
      name: string;
      description?: string;
      private?: boolean;
    };
    if (pkg.private === true) continue;
    found.push({ dir, name: pkg.name, description: pkg.description ?? "", entry });
  }
  return found.sort((a, b) => rank(a.dir) - rank(b.dir) || a.dir.localeCompare(b.dir));
}
