// `tofukit check --download --ca FILE` with a `git::` source over https: git, which cannot take a
// CA of its own, is given the --ca certificates, and clones from a smart-HTTP server on 127.0.0.1
// whose certificate only they vouch for.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_TLS } from "@tofukit/oauth-server/test-tls";
import {
  type GitHttpServer,
  gitHttpBackend,
  startGitHttpServer,
} from "@tofukit/test-support/git-http-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moduleDir, runCliAsync } from "./run-cli.js";

const backend = gitHttpBackend();
const root = mkdtempSync(join(tmpdir(), "tofukit-cli-git-"));
let server: GitHttpServer;

// Skipped only where git has no http-backend program to serve the repository with.
describe.skipIf(backend === null)("tofukit check --download with a git source over https", () => {
  beforeAll(async () => {
    const work = join(root, "work");
    const projects = join(root, "served");
    mkdirSync(work);
    mkdirSync(projects);
    const git = (args: string[], cwd: string) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
        cwd,
        env: { PATH: process.env.PATH ?? "", HOME: root, GIT_CONFIG_NOSYSTEM: "1" },
        stdio: "pipe",
      });
    git(["init", "-q", "-b", "main", work], root);
    writeFileSync(
      join(work, "main.tf"),
      'variable "size" {\n  type = number\n  validation {\n    condition     = var.size <= 10\n    error_message = "At most 10 nodes."\n  }\n}\n',
    );
    git(["add", "."], work);
    git(["commit", "-q", "-m", "v1"], work);
    git(["tag", "v1.0.0"], work);
    git(["clone", "-q", "--bare", work, join(projects, "cluster.git")], root);
    server = await startGitHttpServer({
      projects,
      cert: TEST_TLS.cert,
      key: TEST_TLS.key,
      backend: backend as string,
    });
  });
  afterAll(() => server?.close());

  it("clones only with --ca, and checks the module", async () => {
    const dir = moduleDir({
      "main.tf": `module "cluster" {\n  source = "git::${server.origin}/cluster.git?ref=v1.0.0"\n  size   = 12\n}\n`,
    });
    const env = { HOME: root };
    const cache = () => mkdtempSync(join(root, "cache-"));

    const untrusted = await runCliAsync(["check", dir, "--download", "--cache-dir", cache(), "--json"], {
      env,
    });
    const refused = JSON.parse(untrusted.stdout);
    expect(refused.unchecked.map((u: { address: string }) => u.address)).toEqual(["module.cluster"]);
    expect(JSON.stringify(refused.unchecked)).toMatch(/certificate|SSL/i);

    const run = await runCliAsync(
      ["check", dir, "--download", "--cache-dir", cache(), "--ca", TEST_TLS.caFile, "--json"],
      { env },
    );
    expect(run.status).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.unchecked).toEqual([]);
    expect(out.diagnostics.map((d: { summary: string }) => d.summary)).toEqual([
      "Invalid value for variable",
    ]);
  }, 60_000);
});
