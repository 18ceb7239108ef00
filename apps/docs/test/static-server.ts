// A small static file server for the built site on 127.0.0.1, as any static host would serve it:
// `/` and `/ru/` give their index.html, a missing file gives 404.html with status 404.
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".woff2": "font/woff2",
  ".ico": "image/x-icon",
};

export interface StaticSite {
  readonly origin: string;
  /** Every path asked for, in order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function serveStatic(root: string): Promise<StaticSite> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    requests.push(path);
    const file = normalize(join(root, path.endsWith("/") ? `${path}index.html` : path));
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) =>
        res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" }).end(body),
      () =>
        readFile(join(root, "404.html")).then(
          (body) => res.writeHead(404, { "content-type": types[".html"]! }).end(body),
          () => res.writeHead(404).end(),
        ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
