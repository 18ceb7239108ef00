// A minimal ustar writer for tests: files, directories and symbolic links with any name.

interface TarItem {
  readonly name: string;
  readonly data?: string | Uint8Array;
  readonly type?: "file" | "dir" | "symlink";
  readonly linkname?: string;
  readonly mode?: number;
}

const encoder = new TextEncoder();

function put(header: Uint8Array, text: string, at: number, length: number): void {
  header.set(encoder.encode(text).subarray(0, length), at);
}

function octal(n: number, length: number): string {
  return `${n.toString(8).padStart(length - 1, "0")}\0`;
}

export function tar(items: readonly TarItem[]): Uint8Array {
  const blocks: Uint8Array[] = [];
  for (const item of items) {
    const data = typeof item.data === "string" ? encoder.encode(item.data) : (item.data ?? new Uint8Array());
    const header = new Uint8Array(512);
    put(header, item.name, 0, 100);
    put(header, octal(item.mode ?? (item.type === "dir" ? 0o755 : 0o644), 8), 100, 8);
    put(header, octal(0, 8), 108, 8);
    put(header, octal(0, 8), 116, 8);
    put(header, octal(item.type === "file" || item.type === undefined ? data.length : 0, 12), 124, 12);
    put(header, octal(0, 12), 136, 12);
    header[156] = (item.type === "dir" ? "5" : item.type === "symlink" ? "2" : "0").charCodeAt(0);
    put(header, item.linkname ?? "", 157, 100);
    put(header, "ustar\0", 257, 6);
    put(header, "00", 263, 2);
    put(header, "        ", 148, 8);
    let sum = 0;
    for (const b of header) sum += b;
    put(header, `${sum.toString(8).padStart(6, "0")}\0 `, 148, 8);
    blocks.push(header);
    if (item.type === "file" || item.type === undefined) {
      const padded = new Uint8Array(Math.ceil(data.length / 512) * 512);
      padded.set(data);
      blocks.push(padded);
    }
  }
  blocks.push(new Uint8Array(1024));
  const out = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of blocks) {
    out.set(b, at);
    at += b.length;
  }
  return out;
}
