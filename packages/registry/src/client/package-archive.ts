// Unpacking a downloaded module package into a directory, as go-getter's decompressors do, with
// the safety they need: no entry outside the target (no "..", no absolute path), symbolic links
// only to places inside it (made last, so no entry is ever written through one), and limits on
// the unpacked size and the number of entries, so that a small archive cannot fill the disk.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { Gunzip, unzipSync } from "fflate";
import { ModulePackageError } from "./module-package-error.js";
import { readTar, TarFormatError } from "./tar-reader.js";

/** The archive formats go-getter knows, by the file name suffix it recognises them by. */
const KNOWN_FORMATS = [
  "tar.bz2",
  "tar.gz",
  "tar.xz",
  "tar.zst",
  "tbz2",
  "tgz",
  "txz",
  "tzst",
  "bz2",
  "gz",
  "xz",
  "zip",
  "zst",
  "tar",
] as const;

/** The formats unpacked here; the others need decompressors that have no pure-JS form here. */
type ArchiveFormat = "zip" | "tar" | "tar.gz";

interface UnpackLimits {
  /** The most bytes all the files together may have once unpacked. */
  readonly maxUnpackedBytes: number;
  /** The most entries an archive may have. */
  readonly maxEntries: number;
}

/** The format named by `archive=` (when given) or by the path's suffix; undefined when none is. */
export function archiveFormatOf(path: string, param: string | null): string | undefined {
  if (param !== null) return param === "" || param === "false" ? undefined : param;
  const lower = path.toLowerCase();
  return KNOWN_FORMATS.find((f) => lower.endsWith(`.${f}`));
}

export function supportedFormat(format: string, address: string): ArchiveFormat {
  if (format === "zip" || format === "tar") return format;
  if (format === "tar.gz" || format === "tgz") return "tar.gz";
  throw new ModulePackageError(
    "TOFUKIT_REGISTRY_MODULE_ARCHIVE_UNSUPPORTED",
    `unsupported archive format ${JSON.stringify(format)}: tofukit unpacks zip, tar, tar.gz and tgz archives`,
    address,
  );
}

interface Entry {
  readonly name: string;
  readonly kind: "file" | "dir" | "symlink";
  readonly mode: number;
  readonly data: Uint8Array;
  readonly linkname: string;
}

// The entry's path inside the target, "/"-separated, or a refusal in go-getter's words.
function safePath(name: string, address: string): string | undefined {
  const unsafe = (why: string) =>
    new ModulePackageError("TOFUKIT_REGISTRY_MODULE_ARCHIVE_UNSAFE", why, address);
  const slashed = name.replaceAll("\\", "/");
  if (slashed.split("/").includes("..")) throw unsafe(`entry contains '..': ${name}`);
  if (slashed.startsWith("/") || /^[A-Za-z]:/.test(slashed) || name.includes("\0"))
    throw unsafe(`entry is an absolute path: ${name}`);
  const clean = posix.normalize(slashed);
  if (clean === "." || clean === "./" || clean === "") return undefined;
  return clean.replace(/\/$/, "");
}

function gunzipWithin(bytes: Uint8Array, limit: number, address: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const gunzip = new Gunzip((chunk) => {
    total += chunk.length;
    if (total > limit) {
      throw new ModulePackageError(
        "TOFUKIT_REGISTRY_MODULE_TOO_LARGE",
        `the package unpacks to more than ${limit} bytes`,
        address,
      );
    }
    chunks.push(chunk);
  });
  try {
    gunzip.push(bytes, true);
  } catch (error) {
    if (error instanceof ModulePackageError) throw error;
    throw new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_ARCHIVE_INVALID",
      `gzip: ${(error as Error).message}`,
      address,
      { cause: error },
    );
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function entriesOf(bytes: Uint8Array, format: ArchiveFormat, limits: UnpackLimits, address: string): Entry[] {
  const tooLarge = () =>
    new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_TOO_LARGE",
      `the package unpacks to more than ${limits.maxUnpackedBytes} bytes`,
      address,
    );
  const tooMany = () =>
    new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_TOO_LARGE",
      `the package has more than ${limits.maxEntries} entries`,
      address,
    );
  if (format === "zip") {
    let declared = 0;
    let count = 0;
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes, {
        // Sizes are checked before anything is inflated; fflate checks each inflated size too.
        filter: (file) => {
          count += 1;
          declared += file.originalSize;
          if (count > limits.maxEntries) throw tooMany();
          if (declared > limits.maxUnpackedBytes) throw tooLarge();
          return true;
        },
      });
    } catch (error) {
      if (error instanceof ModulePackageError) throw error;
      throw new ModulePackageError(
        "TOFUKIT_REGISTRY_MODULE_ARCHIVE_INVALID",
        `zip: ${(error as Error).message}`,
        address,
        { cause: error },
      );
    }
    return Object.entries(files).map(([name, data]) => ({
      name,
      kind: name.endsWith("/") ? "dir" : "file",
      mode: 0o644,
      data,
      linkname: "",
    }));
  }
  const tar = format === "tar.gz" ? gunzipWithin(bytes, limits.maxUnpackedBytes, address) : bytes;
  const out: Entry[] = [];
  let total = 0;
  try {
    for (const entry of readTar(tar)) {
      if (entry.kind === "other") continue;
      if (out.length >= limits.maxEntries) throw tooMany();
      total += entry.data.length;
      if (total > limits.maxUnpackedBytes) throw tooLarge();
      out.push({ ...entry, kind: entry.kind });
    }
  } catch (error) {
    if (!(error instanceof TarFormatError)) throw error;
    throw new ModulePackageError("TOFUKIT_REGISTRY_MODULE_ARCHIVE_INVALID", error.message, address, {
      cause: error,
    });
  }
  return out;
}

// A link is made only where what it points to is inside the package whatever the other links
// are: no absolute target, ".." only as its leading parts and no further up than the link's own
// directory, and no link inside a directory that is itself a link.
function linkStaysInside(path: string, linkname: string, linkPaths: ReadonlySet<string>): boolean {
  if (linkname === "" || linkname.startsWith("/") || /^[A-Za-z]:/.test(linkname) || linkname.includes("\\"))
    return false;
  const dirs = path.split("/").slice(0, -1);
  for (let i = 1; i <= dirs.length; i++) if (linkPaths.has(dirs.slice(0, i).join("/"))) return false;
  let depth = dirs.length;
  let descending = false;
  for (const part of linkname.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (descending || depth === 0) return false;
      depth -= 1;
    } else descending = true;
  }
  return true;
}

/** Unpacks `bytes` into the directory `target`, which must exist and be empty. */
export function unpackArchive(
  bytes: Uint8Array,
  format: ArchiveFormat,
  target: string,
  limits: UnpackLimits,
  address: string,
): void {
  const entries = entriesOf(bytes, format, limits, address);
  const links: { path: string; linkname: string }[] = [];
  const written = new Set<string>();
  for (const entry of entries) {
    const path = safePath(entry.name, address);
    if (path === undefined) continue;
    if (entry.kind === "dir") {
      mkdirSync(join(target, path), { recursive: true });
      continue;
    }
    if (entry.kind === "symlink") {
      links.push({ path, linkname: entry.linkname });
      continue;
    }
    mkdirSync(dirname(join(target, path)), { recursive: true });
    // 0755 for anything executable, else 0644: no set-id bits, nothing writable by others.
    writeFileSync(join(target, path), entry.data, { mode: (entry.mode & 0o111) !== 0 ? 0o755 : 0o644 });
    written.add(path);
  }
  const linkPaths = new Set(links.map((l) => l.path));
  for (const { path, linkname } of links) {
    const unsafe = new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_ARCHIVE_UNSAFE",
      `symlink ${path} points outside the package: ${linkname}`,
      address,
    );
    if (!linkStaysInside(path, linkname, linkPaths)) throw unsafe;
    if (written.has(path)) continue;
    mkdirSync(dirname(join(target, path)), { recursive: true });
    try {
      symlinkSync(linkname, join(target, path));
    } catch (error) {
      // An entry already there keeps its place: a link never replaces a file or directory.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}
