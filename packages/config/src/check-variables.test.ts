import { consoleString } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { lines } from "../test/diagnostics.js";
import { type CheckOptions, checkVariables, loadModule, type ModuleFile } from "./index.js";

function files(record: Record<string, string>): ModuleFile[] {
  return Object.entries(record).map(([name, text]) => ({ name, text }));
}

function check(record: Record<string, string>, options: CheckOptions = {}) {
  const all = files(record);
  return checkVariables(loadModule(all), { files: all, ...options });
}

const finalValue = (r: ReturnType<typeof check>, name: string) => {
  const v = r.variables.find((x) => x.declaration.name === name)?.value;
  return v === undefined ? undefined : consoleString(v);
};

describe("checkVariables: values", () => {
  it("takes -var and TF_VAR_ values of a variable without a type as literal strings", () => {
    const r = check(
      {
        "main.tf": 'variable "snack" {}\nvariable "drink" {}\nvariable "list" {\n  type = list(string)\n}\n',
      },
      {
        args: [
          { kind: "var", raw: "snack=chips" },
          { kind: "var", raw: 'list=["a"]' },
        ],
        env: { TF_VAR_drink: "[1, 2]" },
      },
    );
    expect(r.diagnostics).toEqual([]);
    expect(finalValue(r, "snack")).toBe('"chips"');
    expect(finalValue(r, "drink")).toBe('"[1, 2]"');
    expect(finalValue(r, "list")).toBe('tolist([\n  "a",\n])');
  });

  it("points at a .tfvars.json value on its own line and column", () => {
    const r = check({
      "main.tf": 'variable "port" {\n  type = number\n}\n',
      "terraform.tfvars.json": '{\n  "port": "http"\n}\n',
    });
    expect(lines(r.diagnostics)).toEqual([
      "error: Invalid value for input variable: The given value is not suitable for var.port declared at main.tf:1,1-16: a number is required. @ terraform.tfvars.json:2,11-17",
    ]);
  });

  it("stops at a syntax error in a variables file, before looking for required values", () => {
    const r = check({
      "main.tf": 'variable "a" {}\nvariable "b" {\n  type = number\n}\n',
      "terraform.tfvars": "a = [1,\n",
    });
    expect(r.stage).toBe("declarations");
    expect(r.diagnostics.map((d) => d.summary)).not.toContain("No value for required variable");
    expect(r.diagnostics.every((d) => d.subject?.filename === "terraform.tfvars")).toBe(true);
  });

  it("stops at a declaration error before any value is looked at", () => {
    const r = check({ "main.tf": 'variable "a" {\n  type = strin\n}\n', "terraform.tfvars": 'a = "x"\n' });
    expect(r.stage).toBe("declarations");
    expect(r.diagnostics.map((d) => d.summary)).toEqual(["Invalid type specification"]);
  });

  it("warns when a value is given for a deprecated variable, and not for its default", () => {
    const decl = 'variable "old" {\n  default    = 1\n  deprecated = "Use new instead."\n}\n';
    expect(check({ "main.tf": decl }).diagnostics).toEqual([]);
    const r = check({ "main.tf": decl }, { args: [{ kind: "var", raw: "old=2" }] });
    expect(lines(r.diagnostics)).toEqual([
      'warning: Deprecated variable used from the root module: The root variable "old" is deprecated with the following message: Use new instead. @ main.tf:1,1-15',
    ]);
  });

  it("names an ephemeral variable as such when its value does not fit", () => {
    const r = check({
      "main.tf": 'variable "token" {\n  type      = number\n  ephemeral = true\n}\n',
      "terraform.tfvars": 'token = "abc"\n',
    });
    expect(lines(r.diagnostics)).toEqual([
      "error: Invalid value for input variable: The given value is not suitable for var.token, which is ephemeral: a number is required. Invalid value defined at terraform.tfvars:1,9-14. @ main.tf:1,1-17",
    ]);
  });
});

const rules = `variable "name" {
  type = string
  validation {
    condition     = length(var.name) >= 3
    error_message = "The name must have at least 3 characters, not \${length(var.name)}."
  }
  validation {
    condition     = can(regex("^[a-z-]+$", var.name))
    error_message = "The name \${var.name} may only hold lowercase letters and dashes."
  }
}
`;

describe("checkVariables: validation rules", () => {
  it("runs every rule, in order, after conversion, and reports OpenTofu's diagnostic", () => {
    const r = check({ "main.tf": rules }, { args: [{ kind: "var", raw: "name=A" }] });
    expect(r.stage).toBe("validation");
    expect(r.rules).toEqual({ run: 2, undecided: 0, skipped: 0, blocked: 0 });
    expect(lines(r.diagnostics)).toEqual([
      "error: Invalid value for variable: The name must have at least 3 characters, not 1.\n\nThis was checked by the validation rule at main.tf:3,3-13. @ main.tf:1,1-16",
      "error: Invalid value for variable: The name A may only hold lowercase letters and dashes.\n\nThis was checked by the validation rule at main.tf:7,3-13. @ main.tf:1,1-16",
    ]);
    expect(r.diagnostics[0]?.extra?.rule?.start.line).toBe(3);
  });

  it("passes a value that every rule accepts", () => {
    const r = check({ "main.tf": rules }, { args: [{ kind: "var", raw: "name=web-app" }] });
    expect(r.diagnostics).toEqual([]);
    expect(r.rules.run).toBe(2);
  });

  it("skips the rules when asked, and counts them", () => {
    const r = check({ "main.tf": rules }, { args: [{ kind: "var", raw: "name=A" }], validation: false });
    expect(r.diagnostics).toEqual([]);
    expect(r.rules).toEqual({ run: 0, undecided: 0, skipped: 2, blocked: 0 });
  });

  it("requires the condition to be a bool", () => {
    const r = check(
      {
        "main.tf": `variable "n" {
  type = number
  default = 1
  validation {
    condition     = var.n > 0 ? "yes" : "no"
    error_message = "x"
  }
  validation {
    condition     = var.n > 0 ? null : true
    error_message = "x"
  }
}
`,
      },
      {},
    );
    expect(lines(r.diagnostics)).toEqual([
      "error: Invalid variable validation result: Invalid validation condition result value: a bool is required. @ main.tf:5,21-45",
      "error: Invalid variable validation result: Validation condition expression must return either true or false, not null. @ main.tf:9,21-44",
    ]);
  });

  it("passes a rule whose condition only a plan could decide", () => {
    const r = check({
      "main.tf": `variable "cidr" {
  default = "10.0.0.0/16"
  validation {
    condition     = var.cidr != local.reserved
    error_message = "Reserved."
  }
}
`,
    });
    expect(r.diagnostics).toEqual([]);
    expect(r.rules).toEqual({ run: 1, undecided: 1, skipped: 0, blocked: 0 });
  });

  it("never shows a sensitive value in an error message", () => {
    const r = check(
      {
        "main.tf": `variable "password" {
  type      = string
  sensitive = true
  validation {
    condition     = length(var.password) >= 12
    error_message = "\${var.password} is too short."
  }
}
`,
      },
      { args: [{ kind: "var", raw: "password=hunter2" }] },
    );
    expect(r.diagnostics.map((d) => d.summary)).toEqual([
      "Error message refers to sensitive values",
      "Invalid value for variable",
    ]);
    expect(r.diagnostics[1]?.detail).toBe(
      "The error message included a sensitive value, so it will not be displayed.\n\nThis was checked by the validation rule at main.tf:4,3-13.",
    );
    expect(JSON.stringify(r.diagnostics)).not.toContain("hunter2");
  });

  it("lets a rule refer to other variables, with their final values", () => {
    const decl = `variable "min" {
  type = number
}
variable "max" {
  type = number
  validation {
    condition     = var.max >= var.min
    error_message = "max (\${var.max}) must not be below min (\${var.min})."
  }
}
`;
    const r = check({ "main.tf": decl, "terraform.tfvars": 'min = "5"\nmax = 3\n' });
    expect(r.diagnostics.map((d) => d.detail.split("\n")[0])).toEqual(["max (3) must not be below min (5)."]);
    // A rule whose other variable has no value does not run: that value's error is the problem.
    const blocked = check({ "main.tf": decl, "terraform.tfvars": 'min = "five"\nmax = 3\n' });
    expect(blocked.diagnostics.map((d) => d.summary)).toEqual(["Invalid value for input variable"]);
    expect(blocked.rules.blocked).toBe(1);
  });

  it("refers to an undeclared variable with OpenTofu's error", () => {
    const r = check({
      "main.tf": `variable "size" {
  default = 1
  validation {
    condition     = var.size < var.maximum && var.size > var.sizes
    error_message = "x"
  }
}
`,
    });
    expect(r.diagnostics.map((d) => d.detail)).toEqual([
      'An input variable with the name "maximum" has not been declared. This variable can be declared with a variable "maximum" {} block.',
      'An input variable with the name "sizes" has not been declared. Did you mean "size"?',
    ]);
  });

  it("refuses an error message only a plan could compute", () => {
    const r = check({
      "main.tf": `variable "v" {
  default = "a"
  validation {
    condition     = var.v == "b"
    error_message = "Expected \${local.expected}."
  }
}
`,
    });
    expect(lines(r.diagnostics)).toEqual([
      "error: Invalid error message: Value used in error message is not known and can not be used in error_message until after apply. @ main.tf:5,21-50",
    ]);
  });

  it("refuses references that name nothing, as OpenTofu's reference parser does", () => {
    const r = check({
      "main.tf": `variable "v" {
  default = "a"
  validation {
    condition     = var.v == "b" || nope == 1 || length(var) > 0
    error_message = "x"
  }
}
`,
    });
    expect(lines(r.diagnostics)).toEqual([
      "error: Invalid reference: A reference to a resource type must be followed by at least one attribute access, specifying the resource name. @ main.tf:4,37-41",
      'error: Invalid reference: The "var" object cannot be accessed directly. Instead, access one of its attributes. @ main.tf:4,57-60',
    ]);
  });

  it("uses the function library, and file functions read relative to the module", () => {
    const seen: string[] = [];
    const r = check(
      {
        "main.tf": `variable "v" {
  default = "x"
  validation {
    condition     = contains(split(",", file("allowed.txt")), var.v)
    error_message = "Not allowed: \${var.v}."
  }
}
`,
      },
      {
        functions: {
          readFile: (path) => {
            seen.push(path);
            return new TextEncoder().encode("a,b");
          },
        },
      },
    );
    expect(seen.length).toBe(1);
    expect(seen[0]).toMatch(/allowed\.txt$/);
    expect(r.diagnostics.map((d) => d.detail.split("\n")[0])).toEqual(["Not allowed: x."]);
  });

  it("reports a failing condition's evaluation errors and runs no further", () => {
    const r = check({
      "main.tf": `variable "v" {
  default = "x"
  validation {
    condition     = var.v.missing == 1
    error_message = "x"
  }
}
`,
    });
    expect(r.diagnostics.map((d) => d.summary)).toEqual(["Unsupported attribute"]);
  });
});
