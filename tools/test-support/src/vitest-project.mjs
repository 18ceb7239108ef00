// The one test setup of every workspace member: sibling packages resolved to their sources, cty
// values and hcl's source ranges compared by value, the standard test globs, and a guard that fails any test importing
// a workspace package's build output instead of its sources. Plain JavaScript: every member's
// vitest.config.ts imports it through node_modules, where Node loads it without a transform.
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineProject } from "vitest/config";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

export const sourceConditions = ["@tofukit/source", "module", "node", "development|production"];

export const testGlobs = ["src/**/*.test.ts", "test/**/*.test.ts"];

const builtOutput = /[\\/](?:packages|apps|tools)[\\/][^\\/]+[\\/]dist[\\/]/;

export function noBuiltOutput() {
  return {
    name: "tofukit:no-built-output",
    enforce: "pre",
    load(id) {
      const file = id.split("?")[0] ?? id;
      if (builtOutput.test(file) && !relative(repoRoot, file).startsWith(`..${sep}`)) {
        throw new Error(
          `a test imported the build output ${relative(repoRoot, file)}; import the package by name ` +
            "(it resolves to src/ through the @tofukit/source condition) or a relative src/ path",
        );
      }
      return null;
    },
  };
}

export function tofukitProject(options) {
  const setupFiles = [
    ...(options.valueEquality ? [join(repoRoot, "packages/cty/test/value-equality.ts")] : []),
    ...(options.rangeEquality ? [join(repoRoot, "packages/hcl/test/range-equality.ts")] : []),
  ];
  return defineProject({
    plugins: [noBuiltOutput()],
    resolve: { conditions: sourceConditions, ...(options.alias ? { alias: { ...options.alias } } : {}) },
    ssr: { resolve: { conditions: sourceConditions } },
    test: {
      name: options.name,
      include: [...(options.include ?? testGlobs)],
      setupFiles,
      ...(options.globalSetup ? { globalSetup: [...options.globalSetup] } : {}),
      ...(options.testTimeout ? { testTimeout: options.testTimeout } : {}),
      ...(options.hookTimeout ? { hookTimeout: options.hookTimeout } : {}),
    },
  });
}
