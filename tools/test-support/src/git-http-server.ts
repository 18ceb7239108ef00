// git's smart HTTP protocol over TLS for network tests: `git http-backend` run as a CGI program
// behind a node https server on 127.0.0.1, serving the bare repositories of one directory.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";

/** The http-backend program of the git on PATH, or null where there is none. */
export function gitHttpBackend(): string | null {
  try {
    const program = join(
      execFileSync("git", ["--exec-path"], { encoding: "utf8" }).trim(),
      "git-http-backend",
    );
    return existsSync(program) ? program : null;
  } catch {
    return null;
  }
}

/**
 * Makes `projects/NAME.git`: a bare repository of one commit holding `files` (paths relative to
 * the repository's root), tagged `tag`. git runs with `root` as its home and no system config.
 */
export function bareRepository(options: {
  readonly root: string;
  readonly projects: string;
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  readonly tag: string;
}): void {
  const work = join(options.root, `${options.name}-work`);
  const git = (args: string[], cwd: string) =>
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? "", HOME: options.root, GIT_CONFIG_NOSYSTEM: "1" },
      stdio: "pipe",
    });
  mkdirSync(work, { recursive: true });
  mkdirSync(options.projects, { recursive: true });
  git(["init", "-q", "-b", "main", work], options.root);
  for (const [path, text] of Object.entries(options.files)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), text);
  }
  git(["add", "."], work);
  git(["commit", "-q", "-m", "v1"], work);
  git(["tag", options.tag], work);
  git(["clone", "-q", "--bare", work, join(options.projects, `${options.name}.git`)], options.root);
}

export interface GitHttpServer {
  /** `https://127.0.0.1:<port>`: a repository `x.git` of the directory is at `<origin>/x.git`. */
  readonly origin: string;
  close(): Promise<void>;
}

/** Serves the bare repositories in `projects` over https with the given certificate and key. */
export async function startGitHttpServer(options: {
  readonly projects: string;
  readonly cert: string;
  readonly key: string;
  readonly backend: string;
}): Promise<GitHttpServer> {
  const server: Server = createServer({ key: options.key, cert: options.cert }, (req, res) => {
    const url = new URL(req.url ?? "/", "https://127.0.0.1");
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "",
      GIT_PROJECT_ROOT: options.projects,
      GIT_HTTP_EXPORT_ALL: "1",
      GATEWAY_INTERFACE: "CGI/1.1",
      REQUEST_METHOD: req.method ?? "GET",
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers["content-type"] ?? "",
      REMOTE_ADDR: "127.0.0.1",
    };
    const encoding = req.headers["content-encoding"];
    if (encoding !== undefined) env.HTTP_CONTENT_ENCODING = encoding;
    const protocol = req.headers["git-protocol"];
    if (protocol !== undefined) env.GIT_PROTOCOL = String(protocol);
    const cgi = spawn(options.backend, [], { env });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on("data", (c: Buffer) => chunks.push(c));
    cgi.on("close", () => {
      // A CGI answer: headers (a Status: header for anything but 200), a blank line, the body.
      const out = Buffer.concat(chunks);
      const split = out.indexOf("\r\n\r\n");
      if (split < 0) {
        res.writeHead(500).end();
        return;
      }
      let status = 200;
      const headers: Record<string, string> = {};
      for (const line of out.subarray(0, split).toString("latin1").split("\r\n")) {
        const colon = line.indexOf(":");
        if (colon < 0) continue;
        const name = line.slice(0, colon);
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === "status") status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      res.writeHead(status, headers).end(out.subarray(split + 4));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
