import { boolVal, t } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { moduleTypeScript } from "./module-typescript.js";

describe("moduleTypeScript", () => {
  it("declares an interface with a property per variable, optional where there is a default", () => {
    const text = moduleTypeScript([
      {
        name: "buckets",
        type: t.list(t.object({ name: t.string, "with-dash": t.bool }, ["with-dash"])),
        defaults: null,
        description: "The buckets.\nOne per site; never */ close early.",
        nullable: false,
        sensitive: false,
      },
      {
        name: "debug",
        type: t.bool,
        defaults: null,
        default: boolVal(false),
        nullable: true,
        sensitive: true,
        deprecated: "Use log_level.",
      },
    ]);
    expect(text).toBe(`/** The input variables of the module, as a terraform.tfvars.json gives them. */
export interface Inputs {
  /**
   * The buckets.
   * One per site; never *\\/ close early.
   */
  readonly buckets: readonly ({
    readonly name: string | number | boolean | null;
    readonly "with-dash"?: boolean | "true" | "false" | "1" | "0" | null;
    readonly [attribute: string]: unknown;
  } | null)[];
  /**
   * Sensitive: OpenTofu hides this value in its output.
   * @default false
   * @deprecated Use log_level.
   */
  readonly debug?: boolean | "true" | "false" | "1" | "0" | null;
}
`);
  });

  it("takes another interface name", () => {
    expect(moduleTypeScript([], { interfaceName: "Vars" })).toContain("export interface Vars {\n}");
  });
});
