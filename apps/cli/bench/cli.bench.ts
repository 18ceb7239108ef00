// Whole-command timings of the built CLI, as a user sees them (process start included).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeModuleTree } from "@tofukit/test-support/module-tree";
import { bench, describe } from "vitest";
import { writeLargeModule } from "./large-module.js";

const bin = join(dirname(fileURLToPath(import.meta.url)), "..", "bin", "tofukit.cjs");

function run(args: string[]): void {
  // stdout is discarded: a 5 MB --json answer would overflow spawnSync's buffer.
  const result = spawnSync(process.execPath, [bin, ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  if (result.status !== 0) {
    throw new Error(`tofukit ${args.join(" ")} failed (${result.status ?? result.signal}): ${result.stderr}`);
  }
}

const large = writeLargeModule();
const largeJSON = writeLargeModule(5 * 1024 * 1024, "json");
const largeRules = writeLargeModule(5 * 1024 * 1024, "hcl", 5);
const small = writeLargeModule(4 * 1024, "hcl", 0);
const small100 = writeLargeModule(2 * 1024, "hcl", 0, 100);
const tree = writeModuleTree(200, 50, "per-variable");
const treeFewRules = writeModuleTree(200, 50, "per-module");

describe("cold start", () => {
  bench("node -e 0 (the floor)", () => {
    spawnSync(process.execPath, ["-e", "0"]);
  });
  bench("tofukit type 'list(string)'", () => run(["type", "list(string)"]));
});

describe(`tofukit check: 200 variables, ${(large.bytes / 1024 / 1024).toFixed(1)} MB terraform.tfvars`, () => {
  bench("check (human output)", () => run(["check", large.dir]), {
    iterations: 3,
    warmupIterations: 0,
    time: 0,
  });
  bench("check --json", () => run(["check", large.dir, "--json"]), {
    iterations: 3,
    warmupIterations: 0,
    time: 0,
  });
});

describe(`tofukit check: 200 variables × 5 validation rules, ${(largeRules.bytes / 1024 / 1024).toFixed(1)} MB terraform.tfvars`, () => {
  bench("check (human output)", () => run(["check", largeRules.dir]), {
    iterations: 3,
    warmupIterations: 0,
    time: 0,
  });
  bench("check --no-validation", () => run(["check", largeRules.dir, "--no-validation"]), {
    iterations: 3,
    warmupIterations: 0,
    time: 0,
  });
});

describe("tofukit check: 200 module calls to 50 local modules of 10 variables (start-up included)", () => {
  bench("2 rules on each variable (4,000 rules run)", () => run(["check", tree]), {
    iterations: 5,
    warmupIterations: 1,
    time: 0,
  });
  bench("2 rules in each module (400 rules run)", () => run(["check", treeFewRules]), {
    iterations: 5,
    warmupIterations: 1,
    time: 0,
  });
});

describe("tofukit check: a small terraform.tfvars (start-up included)", () => {
  bench("100 variables", () => run(["check", small100.dir]));
  bench("200 variables", () => run(["check", small.dir]));
});

describe(`tofukit check: 200 variables, ${(largeJSON.bytes / 1024 / 1024).toFixed(1)} MB terraform.tfvars.json`, () => {
  bench("check (human output)", () => run(["check", largeJSON.dir]), {
    iterations: 3,
    warmupIterations: 0,
    time: 0,
  });
});
