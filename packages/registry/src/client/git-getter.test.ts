import { chmodSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootCertificates } from "node:tls";
import { fileURLToPath } from "node:url";
import {
  bareRepository,
  type GitHttpServer,
  gitHttpBackend,
  startGitHttpServer,
} from "@tofukit/test-support/git-http-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gitFetch } from "./git-getter.js";
import { ModulePackageError } from "./module-package-error.js";

// The loopback certificate of @tofukit/disco's network tests (valid for 127.0.0.1), and its CA.
const discoRoot = new URL(
  ".",
  `file://${createRequire(import.meta.url).resolve("@tofukit/disco/package.json")}`,
);
const tls = (name: string) =>
  readFileSync(fileURLToPath(new URL(`test/fixtures/tls/${name}`, discoRoot)), "utf8");
const TEST_CA = tls("ca.pem");

const root = mkdtempSync(join(tmpdir(), "tofukit-git-getter-"));

describe("gitFetch with extra CAs", () => {
  // A stand-in for git that records its arguments and what it was given as CA bundle.
  const log = join(root, "fake-git.log");
  const fake = join(root, "fake-git");
  writeFileSync(
    fake,
    `#!/bin/sh
for a in "$@"; do
  printf '%s\\n' "$a" >> '${log}'
  case "$a" in
    http.sslCAInfo=*)
      f="\${a#http.sslCAInfo=}"
      cp "$f" '${log}.bundle'
      { stat -c %a "$f" 2>/dev/null || stat -f %Lp "$f"; } > '${log}.mode'
      ;;
  esac
done
printf -- '--\\n' >> '${log}'
# A clone makes its destination, where the checkout runs.
for last; do :; done
case " $* " in *" clone "*) mkdir -p "$last" ;; esac
printf '%s\\n' "$HTTPS_PROXY|$no_proxy|$SECRET_VAR" > '${log}.env'
`,
  );
  chmodSync(fake, 0o755);

  it("gives git a private bundle of Node's roots and the extra CAs, removed afterwards", async () => {
    await gitFetch("git::https://git.example.test/repo.git?ref=v1", join(root, "dst"), {
      git: fake,
      ca: [TEST_CA],
      env: { HTTPS_PROXY: "http://proxy.example.test:3128", no_proxy: "internal.test", SECRET_VAR: "x" },
    });
    const args = readFileSync(log, "utf8").split("\n");
    const option = args.find((a) => a.startsWith("http.sslCAInfo="));
    expect(option).toBeDefined();
    const file = (option as string).slice("http.sslCAInfo=".length);
    expect(args[args.indexOf(option as string) - 1]).toBe("-c");
    // Both git commands (clone, then checkout of the ref) had the bundle.
    expect(args.filter((a) => a === option)).toHaveLength(2);
    const bundle = readFileSync(`${log}.bundle`, "utf8");
    expect(bundle).toContain(TEST_CA.trim());
    expect(bundle).toContain((rootCertificates[0] as string).trim());
    expect(bundle.match(/BEGIN CERTIFICATE/g)).toHaveLength(rootCertificates.length + 1);
    expect(readFileSync(`${log}.mode`, "utf8").trim()).toBe("600");
    expect(existsSync(file)).toBe(false);
    // Only the proxy variables of `env` reach git.
    expect(readFileSync(`${log}.env`, "utf8").trim()).toBe("http://proxy.example.test:3128|internal.test|");
  });

  it("removes the bundle when git fails, and gives none without extra CAs", async () => {
    const failing = join(root, "failing-git");
    writeFileSync(
      failing,
      `#!/bin/sh\nfor a in "$@"; do case "$a" in http.sslCAInfo=*) printf '%s' "\${a#http.sslCAInfo=}" > '${log}.failed';; esac; done\necho 'fatal: no' >&2\nexit 128\n`,
    );
    chmodSync(failing, 0o755);
    const error = await gitFetch("git::https://git.example.test/repo.git", join(root, "dst2"), {
      git: failing,
      ca: [TEST_CA],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModulePackageError);
    expect(existsSync(readFileSync(`${log}.failed`, "utf8"))).toBe(false);

    writeFileSync(log, "");
    await gitFetch("git::https://git.example.test/repo.git", join(root, "dst3"), { git: fake, ca: [] });
    expect(readFileSync(log, "utf8")).not.toContain("sslCAInfo");
  });
});

const HTTP_BACKEND = gitHttpBackend();

describe.skipIf(HTTP_BACKEND === null)("gitFetch over https", () => {
  // Skipped only where git has no http-backend program to serve the repository with.
  let server: GitHttpServer;
  let origin = "";
  beforeAll(async () => {
    const projects = join(root, "served");
    bareRepository({
      root,
      projects,
      name: "repo",
      tag: "v1.0.0",
      files: { "mod/main.tf": 'variable "zone" {}\n' },
    });
    server = await startGitHttpServer({
      projects,
      cert: tls("server.pem"),
      key: tls("server.key"),
      backend: HTTP_BACKEND as string,
    });
    origin = server.origin;
  });
  afterAll(() => server.close());

  it("clones through a TLS server whose CA git trusts only through the extra CAs", async () => {
    const refused = await gitFetch(`git::${origin}/repo.git`, join(root, "clone-refused"), {}).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ModulePackageError);
    expect((refused as Error).message).toMatch(/certificate|SSL/i);

    const dst = join(root, "clone");
    await gitFetch(`git::${origin}/repo.git?ref=v1.0.0`, dst, { ca: [TEST_CA] });
    expect(readFileSync(join(dst, "mod", "main.tf"), "utf8")).toBe('variable "zone" {}\n');
  }, 60_000);
});
