import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { noBuiltOutput, tofukitProject } from "./vitest-project.mjs";

const repo = join(import.meta.dirname, "..", "..", "..");
const load = (id: string) => (noBuiltOutput().load as (id: string) => unknown).call({}, id);

describe("the shared vitest project", () => {
  it("refuses a workspace package's build output", () => {
    expect(() => load(join(repo, "packages/hostname/dist/index.js"))).toThrow(
      "a test imported the build output packages/hostname/dist/index.js",
    );
    expect(() => load(`${join(repo, "apps/cli/dist/main.cjs")}?v=1`)).toThrow("apps/cli/dist/main.cjs");
  });

  it("lets sources and third-party files through", () => {
    expect(load(join(repo, "packages/hostname/src/index.ts"))).toBeNull();
    expect(load(join(repo, "node_modules/.pnpm/tr46@6.0.0/node_modules/tr46/index.js"))).toBeNull();
    expect(load("/elsewhere/packages/x/dist/index.js")).toBeNull();
  });

  it("resolves siblings to their sources and compares cty values by value on request", () => {
    const project = tofukitProject({ name: "x", valueEquality: true });
    expect(project.resolve?.conditions?.[0]).toBe("@tofukit/source");
    expect(project.test?.include).toEqual(["src/**/*.test.ts", "test/**/*.test.ts"]);
    expect(project.test?.setupFiles).toEqual([join(repo, "packages/cty/test/value-equality.ts")]);
    expect(tofukitProject({ name: "y" }).test?.setupFiles).toEqual([]);
  });
});
