import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_TLS } from "@tofukit/oauth-server/test-tls";
import {
  bareRepository,
  type GitHttpServer,
  gitHttpBackend,
  startGitHttpServer,
} from "@tofukit/test-support/git-http-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLUSTER_MODULE_TF } from "./cluster-registry.js";
import { moduleDir, runCliAsync } from "./run-cli.js";

const backend = gitHttpBackend();
const root = mkdtempSync(join(tmpdir(), "tofukit-cli-git-"));
let server: GitHttpServer;

// Skipped only where git has no http-backend program to serve the repository with.
describe.skipIf(backend === null)("tofukit check --download with a git source over https", () => {
  beforeAll(async () => {
    const projects = join(root, "served");
    bareRepository({
      root,
      projects,
      name: "cluster",
      tag: "v1.0.0",
      files: { "main.tf": CLUSTER_MODULE_TF },
    });
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
