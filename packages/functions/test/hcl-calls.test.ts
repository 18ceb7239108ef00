// The functions called from HCL text: results, and errors as OpenTofu shows them.
import { boolVal, listVal, stringVal } from "@tofukit/cty";
import { evaluate, parseExpression } from "@tofukit/hcl";
import { describe, expect, it } from "vitest";
import { openTofuFunctions } from "../src/open-tofu-functions.js";

const functions = openTofuFunctions({ now: () => new Date("2024-01-01T00:00:00Z") });
const run = (src: string) => {
  const { expr, diagnostics } = parseExpression(src);
  expect(diagnostics).toEqual([]);
  return evaluate(expr, { functions, variables: {} });
};

describe("functions through evaluate", () => {
  it("give their results", () => {
    expect(run('cidrsubnets("10.0.0.0/16", 8, 8)').value).toEqual(
      listVal([stringVal("10.0.0.0/24"), stringVal("10.0.1.0/24")]),
    );
    expect(run('cidrcontains("10.0.0.0/8", cidrhost("10.1.0.0/16", 5))').value).toEqual(boolVal(true));
    expect(run('jsondecode(jsonencode({a = [1, "x"]})).a[1]').value).toEqual(stringVal("x"));
    expect(run('yamldecode("a: [1, 2]").a[1]').value.asNumber().toString()).toBe("2");
    expect(run('formatdate("DD MMM YYYY", timeadd(timestamp(), "36h"))').value).toEqual(
      stringVal("02 Jan 2024"),
    );
    expect(run('sha256(base64decode("aGVsbG8="))').value).toEqual(
      stringVal("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"),
    );
  });

  it("report argument errors against the parameter", () => {
    const { diagnostics } = run('cidrsubnets("bad", 8)');
    expect(diagnostics.map((d) => [d.summary, d.detail])).toEqual([
      [
        "Invalid function argument",
        'Invalid value for "prefix" parameter: invalid CIDR expression: invalid CIDR address: bad.',
      ],
    ]);
  });

  it("report other failures against the call", () => {
    const { diagnostics } = run('cidrhost("10.0.0.0/30", 9)');
    expect(diagnostics.map((d) => [d.summary, d.detail])).toEqual([
      [
        "Error in function call",
        'Call to function "cidrhost" failed: prefix of 30 does not accommodate a host numbered 9.',
      ],
    ]);
  });
});
