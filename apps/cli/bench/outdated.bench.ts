// `tofukit outdated` on a module with 50 registry dependencies (40 module calls, 10 providers, each
// a different address) against a loopback HTTPS registry: the whole command as a user runs it,
// process start, discovery and 50 version requests included. Target: ≤ 1 s wall.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TEST_TLS } from "@tofukit/oauth-server/test-tls";
import { afterAll, bench, describe } from "vitest";
import { startLocalRegistry } from "../src/local-registry.js";

const bin = join(dirname(fileURLToPath(import.meta.url)), "..", "bin", "tofukit.cjs");

const moduleNames = Array.from({ length: 40 }, (_, i) => `net${i}`);
const providerTypes = Array.from({ length: 10 }, (_, i) => `cloud${i}`);
const registry = await startLocalRegistry({
  cert: TEST_TLS.cert,
  key: TEST_TLS.key,
  modules: moduleNames.map((name) => ({
    namespace: "acme",
    name,
    system: "aws",
    versions: ["1.0.0", "1.1.0", "1.2.3", "2.0.0"],
  })),
  providers: providerTypes.map((type) => ({
    namespace: "acme",
    type,
    versions: ["4.0.0", "5.0.0", "5.1.0"],
    platforms: ["linux_amd64"],
  })),
});
afterAll(() => registry.close());

const dir = mkdtempSync(join(tmpdir(), "tofukit-outdated-bench-"));
writeFileSync(
  join(dir, "main.tf"),
  [
    "terraform {\n  required_providers {",
    ...providerTypes.map(
      (type) =>
        `    ${type} = {\n      source  = "${registry.host}/acme/${type}"\n      version = "~> 5.0"\n    }`,
    ),
    "  }\n}\n",
    ...moduleNames.map(
      (name) =>
        `module "${name}" {\n  source  = "${registry.host}/acme/${name}/aws"\n  version = "~> 1.0"\n}\n`,
    ),
  ].join("\n"),
);

function outdated(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, "outdated", dir, "--json", "--ca", TEST_TLS.caFile], {
      env: { PATH: process.env.PATH ?? "", HOME: dir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => {
      out += s;
    });
    child.on("error", reject);
    child.on("close", (status) => {
      const rows = status === 0 ? (JSON.parse(out) as { dependencies: unknown[] }).dependencies : [];
      if (rows.length !== 50) reject(new Error(`tofukit outdated failed (${status}): ${out}`));
      else resolve();
    });
  });
}

describe("tofukit outdated: 50 registry dependencies against a loopback registry", () => {
  bench("outdated --json (process start included)", outdated, {
    iterations: 10,
    warmupIterations: 1,
    time: 0,
  });
});
