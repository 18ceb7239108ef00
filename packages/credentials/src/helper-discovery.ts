// Finding a credentials helper's executable where OpenTofu looks: the global plugin directories,
// files named terraform-credentials-<name>[_v<version>[_x<protocol>]][.exe], newest version first.
import { readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";

/** `GOOS_GOARCH` for this machine, the name of the per-platform plugin directory. */
export function goPlatform(platform: string = process.platform, arch: string = process.arch): string {
  const os = platform === "win32" ? "windows" : platform;
  const goArch: Readonly<Record<string, string>> = { x64: "amd64", ia32: "386", arm: "arm", arm64: "arm64" };
  return `${os}_${goArch[arch] ?? arch}`;
}

/** For each data directory: `<dir>/plugins`, then `<dir>/plugins/<GOOS>_<GOARCH>`. */
export function pluginDirectories(dataDirs: readonly string[], platform = goPlatform()): string[] {
  return dataDirs.flatMap((dir) => [join(dir, "plugins"), join(dir, "plugins", platform)]);
}

interface Candidate {
  readonly path: string;
  readonly version: ParsedVersion;
}

/**
 * The helper program for `name`, or `null` when there is none (OpenTofu then logs
 * `Unable to find credentials helper` and carries on without one). `$PATH` is never searched. The
 * prefix is matched case-sensitively and the rest of the file name lower-cased, as OpenTofu does, so
 * a helper named with capitals in the configuration is never found. Files whose version does not
 * parse are skipped (OpenTofu would crash on them).
 */
export async function findHelperProgram(name: string, dirs: readonly string[]): Promise<string | null> {
  const prefix = "terraform-credentials-";
  const seen = new Set<string>();
  let best: Candidate | null = null;
  for (const dir of dirs) {
    let entries: string[];
    try {
      entries = await readdir(dir);
    } catch {
      continue;
    }
    for (const entry of entries.sort()) {
      if (!entry.startsWith(prefix)) continue;
      let rest = entry.slice(prefix.length).toLowerCase();
      if (rest.endsWith(".exe")) rest = rest.slice(0, -4);
      const split = rest.indexOf("_v");
      const pluginName = split < 0 ? rest : rest.slice(0, split);
      let versionText = split < 0 ? "0.0.0" : rest.slice(split + 2);
      const protocol = versionText.indexOf("_x");
      if (protocol >= 0) versionText = versionText.slice(0, protocol);
      if (pluginName !== name || seen.has(versionText)) continue;
      const path = resolve(dir, entry);
      if (!(await isFile(path))) continue;
      const version = parseVersion(versionText);
      if (version === null) continue;
      seen.add(versionText);
      if (best === null || compareVersions(version, best.version) > 0) best = { path, version };
    }
  }
  return best?.path ?? null;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return !(await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

interface ParsedVersion {
  readonly segments: readonly number[];
  readonly prerelease: string;
}

/** Versions as hashicorp/go-version reads them: `1`, `1.2.3`, `v1.2`, `1.0.0-beta1`, `1.0+meta`. */
export function parseVersion(text: string): ParsedVersion | null {
  const match =
    /^v?(\d+(?:\.\d+)*)(?:-?([0-9A-Za-z~-]+(?:\.[0-9A-Za-z~-]+)*))?(?:\+[0-9A-Za-z~-]+(?:\.[0-9A-Za-z~-]+)*)?$/.exec(
      text,
    );
  if (match === null) return null;
  return { segments: (match[1] ?? "0").split(".").map(Number), prerelease: match[2] ?? "" };
}

function compareVersions(a: ParsedVersion, b: ParsedVersion): number {
  const length = Math.max(a.segments.length, b.segments.length, 3);
  for (let i = 0; i < length; i++) {
    const diff = (a.segments[i] ?? 0) - (b.segments[i] ?? 0);
    if (diff !== 0) return diff;
  }
  if (a.prerelease === b.prerelease) return 0;
  if (a.prerelease === "") return 1;
  if (b.prerelease === "") return -1;
  return a.prerelease < b.prerelease ? -1 : 1;
}
