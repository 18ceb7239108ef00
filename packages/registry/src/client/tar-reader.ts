// A small reader of tar archives (ustar, with pax and GNU long names): the entries a module
// package can hold (files, directories, symbolic links); anything else is skipped. Each header's
// checksum is verified, so that a truncated or corrupt archive fails instead of yielding noise.

interface TarEntry {
  readonly name: string;
  readonly kind: "file" | "dir" | "symlink" | "other";
  readonly mode: number;
  readonly data: Uint8Array;
  readonly linkname: string;
}

const BLOCK = 512;
const decoder = new TextDecoder();

/** Why a tar archive cannot be read. */
export class TarFormatError extends Error {}

function text(bytes: Uint8Array, start: number, length: number): string {
  const field = bytes.subarray(start, start + length);
  const end = field.indexOf(0);
  return decoder.decode(end < 0 ? field : field.subarray(0, end));
}

// Numeric fields: octal text, or GNU base-256 when the high bit of the first byte is set.
function number(bytes: Uint8Array, start: number, length: number): number {
  const field = bytes.subarray(start, start + length);
  if ((field[0]! & 0x80) !== 0) {
    let n = field[0]! & 0x7f;
    for (let i = 1; i < field.length; i++) {
      n = n * 256 + field[i]!;
      if (n > Number.MAX_SAFE_INTEGER) throw new TarFormatError("archive/tar: numeric field overflows");
    }
    return n;
  }
  const digits = text(bytes, start, length).trim();
  if (digits === "") return 0;
  if (!/^[0-7]+$/.test(digits)) throw new TarFormatError("archive/tar: invalid tar header");
  return Number.parseInt(digits, 8);
}

function checksumOK(header: Uint8Array): boolean {
  const stored = number(header, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  return sum === stored;
}

// A pax extended header: "LEN key=value\n" records.
function paxRecords(data: Uint8Array): Map<string, string> {
  const out = new Map<string, string>();
  const all = decoder.decode(data);
  let at = 0;
  while (at < all.length) {
    const space = all.indexOf(" ", at);
    if (space < 0) break;
    const length = Number(all.slice(at, space));
    if (!Number.isInteger(length) || length <= 0) throw new TarFormatError("archive/tar: invalid tar header");
    // The length counts bytes, which for ASCII keys and values is characters.
    const record = all.slice(space + 1, at + length - 1);
    const eq = record.indexOf("=");
    if (eq > 0) out.set(record.slice(0, eq), record.slice(eq + 1));
    at += length;
  }
  return out;
}

/** The entries of a tar archive, in order. */
export function* readTar(archive: Uint8Array): Generator<TarEntry> {
  let at = 0;
  let longName: string | undefined;
  let longLink: string | undefined;
  let pax = new Map<string, string>();
  const globalPax = new Map<string, string>();
  while (at + BLOCK <= archive.length) {
    const header = archive.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) return;
    if (!checksumOK(header)) throw new TarFormatError("archive/tar: invalid tar header");
    const size = number(header, 124, 12);
    const type = String.fromCharCode(header[156]!);
    const dataStart = at + BLOCK;
    const dataEnd = dataStart + size;
    if (dataEnd > archive.length) throw new TarFormatError("unexpected EOF");
    const data = archive.subarray(dataStart, dataEnd);
    at = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "x") {
      pax = paxRecords(data);
      continue;
    }
    if (type === "g") {
      for (const [k, v] of paxRecords(data)) globalPax.set(k, v);
      continue;
    }
    if (type === "L") {
      longName = text(data, 0, data.length);
      continue;
    }
    if (type === "K") {
      longLink = text(data, 0, data.length);
      continue;
    }
    const ustar = text(header, 257, 6).startsWith("ustar");
    const prefix = ustar ? text(header, 345, 155) : "";
    const base = text(header, 0, 100);
    const name =
      longName ?? pax.get("path") ?? globalPax.get("path") ?? (prefix === "" ? base : `${prefix}/${base}`);
    const linkname = longLink ?? pax.get("linkpath") ?? text(header, 157, 100);
    longName = undefined;
    longLink = undefined;
    pax = new Map();
    const kind =
      type === "0" || type === "\0" || type === "7"
        ? "file"
        : type === "5"
          ? "dir"
          : type === "2"
            ? "symlink"
            : "other";
    yield { name, kind, mode: number(header, 100, 8), data, linkname };
  }
  if (at < archive.length) throw new TarFormatError("unexpected EOF");
}
