import { describe, expect, it } from "vitest";
import { uncheckedReason } from "./unchecked-reason.js";

describe("uncheckedReason", () => {
  it("adds tofu init, and --download where the command has it, to a module not installed", () => {
    const call = { code: "not-installed", reason: "a registry module that is not installed" } as const;
    expect(uncheckedReason(call, true)).toBe(
      'a registry module that is not installed (run "tofu init", or check with --download)',
    );
    expect(uncheckedReason(call, false)).toBe('a registry module that is not installed (run "tofu init")');
  });

  it("puts the advice inside a parenthesis the reason ends with", () => {
    const call = {
      code: "not-installed",
      reason: "a remote module that is not installed (no .terraform/modules/modules.json)",
    } as const;
    expect(uncheckedReason(call, true)).toBe(
      'a remote module that is not installed (no .terraform/modules/modules.json: run "tofu init", or check with --download)',
    );
  });

  it("sends a module named by an expression to tofu init, and leaves other reasons as they are", () => {
    expect(
      uncheckedReason(
        {
          code: "not-downloaded",
          reason: "a registry module named by an expression, which is not downloaded",
        },
        true,
      ),
    ).toBe('a registry module named by an expression, which is not downloaded (run "tofu init")');
    expect(uncheckedReason({ code: "recursive", reason: "it calls a module that calls it" }, true)).toBe(
      "it calls a module that calls it",
    );
  });
});
