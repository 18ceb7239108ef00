// `git::` packages through the system's git, as go-getter's GitGetter fetches them: `clone`
// (`--depth N --branch REF` when a depth is given), else `clone` then `checkout REF`, then the
// submodules. git runs with an argument array (never a shell) and a clean environment: no
// variable of this process reaches it but PATH, HOME and the SSH agent's socket, and the proxy
// variables of the `env` option. Extra CAs reach it as a bundle in a private temporary file.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootCertificates } from "node:tls";
import { ModulePackageError } from "./module-package-error.js";

export interface GitOptions {
  /** The git program: "git" (found on PATH) by default. */
  readonly git?: string;
  /** Clones from `file://` URLs: for local mirrors and tests; refused otherwise. */
  readonly allowFileURLs?: boolean;
  readonly signal?: AbortSignal;
  /** Milliseconds each git command may take: 10 minutes by default. */
  readonly timeout?: number;
  /**
   * The environment whose proxy variables (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`, `ALL_PROXY`,
   * either case) git runs with, as OpenTofu runs git in its own environment; nothing else of it
   * reaches git. Also read for http(s) packages (see ModuleDownloadOptions' `fetch`).
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Extra certificate authorities (PEM) git trusts for https besides Node's bundled roots: git
   * cannot add a CA to its own store, so it is given both in one bundle (`http.sslCAInfo`), in a
   * private temporary file removed when git is done. Without any, git keeps its own store.
   */
  readonly ca?: readonly string[];
}

const PROXY_VARIABLES = ["https_proxy", "http_proxy", "no_proxy", "all_proxy"];

/** A URL as it may appear in a message: no user name or password. */
export function displayURL(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.username === "" && url.password === "") return raw;
    url.username = "";
    url.password = "";
    return url.href;
  } catch {
    return raw.replace(/\/\/[^/@]*@/, "//");
  }
}

function cleanEnvironment(given: GitOptions["env"]): Record<string, string> {
  const env: Record<string, string> = { GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" };
  for (const name of ["PATH", "HOME", "SSH_AUTH_SOCK", "SYSTEMROOT"]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  if (given !== undefined) {
    for (const name of PROXY_VARIABLES) {
      for (const spelling of [name, name.toUpperCase()]) {
        const value = given[spelling];
        if (value !== undefined && value !== "") env[spelling] = value;
      }
    }
  }
  return env;
}

/**
 * A bundle of Node's roots and `ca` in a file only this user can read, for git's
 * `http.sslCAInfo`; `remove` deletes it. Null without extra CAs.
 */
export function gitCABundle(ca: readonly string[] | undefined): { file: string; remove(): void } | null {
  if (ca === undefined || ca.length === 0) return null;
  const dir = mkdtempSync(join(tmpdir(), "tofukit-git-ca-"));
  const file = join(dir, "ca-bundle.pem");
  const pem = [...rootCertificates, ...ca].map((c) => (c.endsWith("\n") ? c : `${c}\n`)).join("");
  writeFileSync(file, pem, { mode: 0o600 });
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function run(
  git: string,
  args: readonly string[],
  cwd: string | undefined,
  options: GitOptions,
): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      git,
      args,
      {
        env: cleanEnvironment(options.env),
        timeout: options.timeout ?? 600_000,
        maxBuffer: 1 << 20,
        windowsHide: true,
        ...(cwd === undefined ? {} : { cwd }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      },
      (error, _stdout, stderr) => {
        if (error === null) resolve();
        else reject(Object.assign(error, { stderrText: String(stderr) }));
      },
    );
  });
}

/** Clones the `git::` package `address` (forced prefix included) into `dst`, which must not exist. */
export async function gitFetch(address: string, dst: string, options: GitOptions): Promise<void> {
  const raw = address.replace(/^git::/, "");
  const shown = displayURL(raw);
  const fail = (message: string, cause?: unknown) =>
    new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_GIT_FAILED",
      message,
      `git::${shown}`,
      cause === undefined ? undefined : { cause },
    );
  let url: URL;
  try {
    url = new URL(raw);
  } catch (error) {
    throw fail(`error downloading '${shown}': invalid URL`, error);
  }
  const allowed = ["https:", "http:", "ssh:", "git:", ...(options.allowFileURLs === true ? ["file:"] : [])];
  if (!allowed.includes(url.protocol)) {
    throw new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_GETTER_UNSUPPORTED",
      `git packages over ${url.protocol.slice(0, -1)} are not downloaded by tofukit`,
      `git::${shown}`,
    );
  }
  const ref = url.searchParams.get("ref") ?? "";
  const depthText = url.searchParams.get("depth") ?? "";
  if (url.searchParams.has("sshkey")) {
    throw new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_GETTER_UNSUPPORTED",
      "the sshkey parameter of git packages is not supported: use an SSH agent",
      `git::${shown}`,
    );
  }
  url.searchParams.delete("ref");
  url.searchParams.delete("depth");
  if (ref.startsWith("-")) throw fail(`error downloading '${shown}': invalid ref ${JSON.stringify(ref)}`);
  let depth = 0;
  if (depthText !== "") {
    if (!/^[0-9]+$/.test(depthText)) throw fail(`error downloading '${shown}': depth must be an integer`);
    depth = Number(depthText);
  }
  const git = options.git ?? "git";
  const config = [
    "-c",
    "protocol.ext.allow=never",
    "-c",
    `protocol.file.allow=${options.allowFileURLs === true ? "always" : "never"}`,
    "-c",
    "advice.detachedHead=false",
  ];
  const exec = async (args: readonly string[], cwd?: string) => {
    try {
      await run(git, [...config, ...args], cwd, options);
    } catch (error) {
      const e = error as NodeJS.ErrnoException & { stderrText?: string; code?: unknown };
      if (e.code === "ENOENT")
        throw fail(`error downloading '${shown}': git must be available and on the PATH`, error);
      const detail = (e.stderrText ?? "").split(raw).join(shown).trim();
      const status = typeof e.code === "number" ? e.code : 1;
      throw fail(`error downloading '${shown}': ${git} exited with ${status}: ${detail}`, error);
    }
  };
  const bundle = gitCABundle(options.ca);
  if (bundle !== null) config.push("-c", `http.sslCAInfo=${bundle.file}`);
  try {
    const cloneURL = url.href;
    if (depth > 0) {
      await exec([
        "clone",
        "--depth",
        String(depth),
        ...(ref === "" ? [] : ["--branch", ref]),
        "--",
        cloneURL,
        dst,
      ]);
    } else {
      await exec(["clone", "--", cloneURL, dst]);
      if (ref !== "") await exec(["checkout", ref, "--"], dst);
    }
    if (existsSync(join(dst, ".gitmodules")))
      await exec(["submodule", "update", "--init", "--recursive"], dst);
  } finally {
    bundle?.remove();
  }
}
