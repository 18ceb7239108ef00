import { describe, expect, it } from "vitest";
import { lines } from "../test/diagnostics.js";
import { checkVariables, loadModule, type ModuleFile } from "./index.js";

function files(record: Record<string, string>): ModuleFile[] {
  return Object.entries(record).map(([name, text]) => ({ name, text }));
}

const load = (record: Record<string, string>) => loadModule(files(record));

const check = (record: Record<string, string>) =>
  checkVariables(loadModule(files(record)), { files: files(record) });

describe("loadModule: files", () => {
  it("reads .tf, .tf.json, .tofu and .tofu.json files, and nothing else", () => {
    const m = load({
      "a.tf": 'variable "a" {}\n',
      "b.tf.json": '{"variable": {"b": {}}}',
      "c.tofu": 'variable "c" {}\n',
      "d.tofu.json": '{"variable": {"d": {}}}',
      "terraform.tfvars": 'x = "not a declaration"\n',
      "e.tftest.hcl": 'variable "e" {}\n',
      ".hidden.tf": 'variable "hidden" {}\n',
      "backup.tf~": 'variable "backup" {}\n',
      "#emacs.tf#": 'variable "emacs" {}\n',
    });
    expect(m.diagnostics).toEqual([]);
    expect([...m.variables.keys()]).toEqual(["a", "b", "c", "d"]);
    expect(m.files).toEqual(["a.tf", "b.tf.json", "c.tofu", "d.tofu.json"]);
  });

  it("lets a .tofu file stand in for the .tf file of the same base name", () => {
    const m = load({
      "main.tf": 'variable "from_tf" {}\n',
      "main.tofu": 'variable "from_tofu" {}\n',
      "vars.tf.json": '{"variable": {"from_tf_json": {}}}',
      "vars.tofu.json": '{"variable": {"from_tofu_json": {}}}',
      "other.tf": 'variable "other" {}\n',
    });
    expect(m.files).toEqual(["main.tofu", "other.tf", "vars.tofu.json"]);
    expect([...m.variables.keys()]).toEqual(["from_tofu", "other", "from_tofu_json"]);
  });

  it("reads files in lexical order, whatever order they are given in", () => {
    const m = load({ "b.tf": 'variable "b" {}\n', "a.tf": 'variable "a" {}\n', "B.tf": 'variable "B" {}\n' });
    expect(m.files).toEqual(["B.tf", "a.tf", "b.tf"]);
  });
});

describe("loadModule: override files", () => {
  it("merges each argument an override sets into the base declaration", () => {
    const m = load({
      "main.tf": `variable "v" {
  description = "base"
  type        = string
  default     = "base"
  sensitive   = false
}
`,
      "override.tf": 'variable "v" {\n  default   = "over"\n  sensitive = true\n}\n',
      "b_override.tf": 'variable "v" {\n  description = "later override"\n}\n',
    });
    expect(m.diagnostics).toEqual([]);
    const v = m.variables.get("v")!;
    expect(v.defaultValue?.asString()).toBe("over");
    expect(v.sensitive).toBe(true);
    expect(v.description).toBe("later override");
    expect(v.constraint.type.kind).toBe("string");
    expect(m.files).toEqual(["main.tf", "b_override.tf", "override.tf"]);
  });

  it("refuses an override of a variable no primary file declares", () => {
    // OpenTofu's invalid-modules/override-nonexist-variable.
    const m = load({ "override.tf": 'variable "foo" {\n  description = "overridden"\n}\n' });
    expect(lines(m.diagnostics)).toEqual([
      'error: Missing base variable declaration to override: There is no variable named "foo". An override file can only override a variable that was already declared in a primary configuration file. @ override.tf:1,1-15',
    ]);
  });

  it("checks the default again when an override changes the type", () => {
    // OpenTofu's invalid-modules/override-variable-causes-bad-default.
    const m = load({
      "base.tf": 'variable "foo" {\n  type    = list(string)\n  default = ["this is valid"]\n}\n',
      "override.tf": 'variable "foo" {\n  type = string\n}\n',
    });
    expect(lines(m.diagnostics)).toEqual([
      "error: Invalid default value for variable: Overriding this variable's type constraint has made its default value invalid: string required, but have list of string. @ override.tf:1,1-15",
    ]);
  });

  it("names the overridden default when only the default changed", () => {
    const m = load({
      "base.tf": 'variable "foo" {\n  type = number\n}\n',
      "foo_override.tf": 'variable "foo" {\n  default = "many"\n}\n',
    });
    expect(lines(m.diagnostics)).toEqual([
      "error: Invalid default value for variable: The overridden default value for this variable is not compatible with the variable's type constraint: a number is required. @ foo_override.tf:1,1-15",
    ]);
  });

  it("reproduces OpenTofu's .tofu and .tf override fixtures", () => {
    // internal/configs/testdata/tofu-and-tf-files: the .tofu forms win, overrides included.
    const m = load({
      "variables.tf": 'variable "should_override" {\n    default = "not overridden"\n}\n',
      "variables.tf.json":
        '{\n  "variable": {\n    "should_override_json": {\n      "default": "not overridden"\n    }\n  }\n}\n',
      "variables_override.tf": 'variable "should_override" {\n    default = "overridden by tf file"\n}',
      "variables_override.tofu": 'variable "should_override" {\n    default = "overridden by tofu file"\n}',
      "variables_override.tf.json":
        '{\n  "variable": {\n    "should_override_json": {\n      "default": "overridden by tf file"\n    }\n  }\n}\n',
      "variables_override.tofu.json":
        '{\n  "variable": {\n    "should_override_json": {\n      "default": "overridden by tofu file"\n    }\n  }\n}\n',
    });
    expect(m.diagnostics).toEqual([]);
    expect([...m.variables.values()].map((v) => [v.name, v.defaultValue?.asString()])).toEqual([
      ["should_override", "overridden by tofu file"],
      ["should_override_json", "overridden by tofu file"],
    ]);
  });

  it("does not let an override file carry validation rules", () => {
    const m = load({
      "main.tf": 'variable "v" {}\n',
      "override.tf":
        'variable "v" {\n  validation {\n    condition     = var.v != ""\n    error_message = "x"\n  }\n}\n',
    });
    expect(lines(m.diagnostics)).toEqual([
      'error: Can\'t override validation blocks: Override files cannot override "validation" blocks. @ override.tf:2,3-13',
    ]);
  });
});

describe("loadModule: declarations", () => {
  it("refuses a second declaration of the same name", () => {
    const m = load({ "a.tf": 'variable "x" {}\n', "b.tf": '\nvariable "x" {}\n' });
    expect(lines(m.diagnostics)).toEqual([
      'error: Duplicate variable declaration: A variable named "x" was already declared at a.tf:1,1-13. Variable names must be unique within a module. @ b.tf:2,1-13',
    ]);
  });

  it("refuses invalid and reserved names", () => {
    const m = load({
      "main.tf":
        'variable "1st" {}\nvariable "count" {}\nvariable "for_each" {}\nvariable "providers" {}\nvariable "_" {}\nvariable "ok-name" {}\n',
    });
    expect(lines(m.diagnostics)).toEqual([
      "error: Invalid variable name: A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @ main.tf:1,10-15",
      'error: Invalid variable name: The variable name "count" is reserved due to its special meaning inside module blocks. @ main.tf:2,10-17',
      'error: Invalid variable name: The variable name "for_each" is reserved due to its special meaning inside module blocks. @ main.tf:3,10-20',
      'error: Invalid variable name: The variable name "providers" is reserved due to its special meaning inside module blocks. @ main.tf:4,10-21',
      'error: Invalid variable name: The variable name "_" is reserved due to its special meaning inside module blocks. @ main.tf:5,10-13',
    ]);
  });

  it("refuses unsupported arguments and blocks with OpenTofu's suggestions", () => {
    const m = load({
      "main.tf": `variable "v" {
  tpye       = string
  validation = true
  colour     = "red"
  validatoin {
  }
  default {
  }
}
`,
    });
    expect(lines(m.diagnostics)).toEqual([
      'error: Unsupported argument: An argument named "tpye" is not expected here. Did you mean "type"? @ main.tf:2,3-7',
      'error: Unsupported argument: An argument named "validation" is not expected here. Did you mean to define a block of type "validation"? @ main.tf:3,3-13',
      'error: Unsupported argument: An argument named "colour" is not expected here. @ main.tf:4,3-9',
      'error: Unsupported block type: Blocks of type "validatoin" are not expected here. Did you mean "validation"? @ main.tf:5,3-13',
      'error: Unsupported block type: Blocks of type "default" are not expected here. Did you mean to define argument "default"? If so, use the equals sign to assign it a value. @ main.tf:7,3-10',
    ]);
  });

  it("refuses a block without a name, or with two", () => {
    const m = load({ "main.tf": 'variable {\n}\nvariable "a" "b" {\n}\n' });
    expect(lines(m.diagnostics)).toEqual([
      "error: Missing name for variable: All variable blocks must have 1 labels (name). @ main.tf:1,10-11",
      "error: Extraneous label for variable: Only 1 labels (name) are expected for variable blocks. @ main.tf:3,14-17",
    ]);
    // The context is the block's header, from its type to its opening brace (hcl.RangeBetween).
    expect(m.diagnostics.map((d) => d.context)).toEqual([
      { filename: "main.tf", start: { line: 1, column: 1, byte: 0 }, end: { line: 1, column: 11, byte: 10 } },
      {
        filename: "main.tf",
        start: { line: 3, column: 1, byte: 13 },
        end: { line: 3, column: 19, byte: 31 },
      },
    ]);
  });

  it("gives an extra validation label the block's header as context", () => {
    const m = load({
      "main.tf":
        'variable "a" {\n  validation "x" {\n    condition = true\n    error_message = "Must hold."\n  }\n}\n',
    });
    expect(m.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Extraneous label for validation",
        detail: "No labels are expected for validation blocks.",
        subject: {
          filename: "main.tf",
          start: { line: 2, column: 14, byte: 28 },
          end: { line: 2, column: 17, byte: 31 },
        },
        context: {
          filename: "main.tf",
          start: { line: 2, column: 3, byte: 17 },
          end: { line: 2, column: 19, byte: 33 },
        },
      },
    ]);
  });

  it("converts sensitive and nullable as OpenTofu converts them", () => {
    // internal/configs/testdata/invalid-files/variable-bad-sensitive.tf, and "true" accepted.
    const m = load({
      "main.tf": `variable "sensitive-value" {
  sensitive = "123" # must be boolean
}
variable "quoted" {
  sensitive = "true"
  nullable  = "false"
}
variable "numeric" {
  nullable = 1
}
`,
    });
    expect(lines(m.diagnostics)).toEqual([
      "error: Unsuitable value type: Unsuitable value: a bool is required @ main.tf:2,16-19",
      "error: Unsuitable value type: Unsuitable value: bool required, but have number @ main.tf:9,14-15",
    ]);
    expect(m.variables.get("quoted")).toMatchObject({ sensitive: true, nullable: false });
  });

  it("refuses an empty deprecation message", () => {
    const m = load({
      "main.tf":
        'variable "old" {\n  deprecated = "  "\n}\nvariable "older" {\n  deprecated = "Use new."\n}\n',
    });
    expect(lines(m.diagnostics)).toEqual([
      'error: Invalid `deprecated` value: The "deprecated" argument must not be empty, and should provide instructions on how to migrate away from usage of this deprecated variable. @ main.tf:1,10-15',
    ]);
    expect(m.variables.get("older")?.deprecated).toBe("Use new.");
  });

  it("reads ephemeral, description and the parsing mode", () => {
    const m = load({
      "main.tf": `variable "token" {
  description = "A token."
  ephemeral   = true
}
variable "list" {
  type = list(string)
}
variable "num" {
  type = number
}
`,
    });
    expect(m.diagnostics).toEqual([]);
    expect(m.variables.get("token")).toMatchObject({
      ephemeral: true,
      description: "A token.",
      parsingMode: "literal",
      hasType: false,
    });
    expect(m.variables.get("list")).toMatchObject({ parsingMode: "hcl", hasType: true });
    expect(m.variables.get("num")).toMatchObject({ parsingMode: "literal", hasType: true });
  });

  it("refuses legacy quoted types with OpenTofu's hints", () => {
    // internal/configs/testdata/error-files/variable_type_quoted.tf.
    const m = load({
      "main.tf": `variable "bad_string" {
  type = "string" # ERROR: Invalid quoted type constraints
}

variable "bad_map" {
  type = "map" # ERROR: Invalid quoted type constraints
}

variable "bad_list" {
  type = "list" # ERROR: Invalid quoted type constraints
}
`,
    });
    expect(m.diagnostics.map((d) => [d.summary, formatLine(d.subject)])).toEqual([
      ["Invalid quoted type constraints", 2],
      ["Invalid quoted type constraints", 6],
      ["Invalid quoted type constraints", 10],
    ]);
    expect(m.diagnostics[0]?.detail).toContain('Remove the quotes around "string".');
    expect(m.diagnostics[1]?.detail).toContain("write map(string) instead");
    expect(m.variables.get("bad_string")?.parsingMode).toBe("literal");
    expect(m.variables.get("bad_map")?.parsingMode).toBe("hcl");
  });

  it("checks the default against the type, with OpenTofu's message", () => {
    // internal/configs/testdata/invalid-files/variable-complex-bad-default-inner-obj.tf.
    const m = load({
      "main.tf": `variable "bad_type_for_inner_field" {
    type = map(object({
        field = bool
    }))

    default = {
        "mykey" = {
            field = "not a bool"
        }
    }
}
`,
    });
    expect(lines(m.diagnostics)).toEqual([
      'error: Invalid default value for variable: This default value is not compatible with the variable\'s type constraint: ["mykey"].field: a bool is required. @ main.tf:6,15-10,6',
    ]);
    expect(m.variables.get("bad_type_for_inner_field")).toMatchObject({
      defaultValue: undefined,
      defaultInvalid: true,
    });
  });

  it("refuses a null default for a variable that is not nullable", () => {
    const m = load({ "main.tf": 'variable "v" {\n  nullable = false\n  default  = null\n}\n' });
    expect(lines(m.diagnostics)).toEqual([
      "error: Invalid default value for variable: A null default value is not valid when nullable=false. @ main.tf:3,14-18",
    ]);
  });

  it("warns about default attributes the type drops", () => {
    const m = load({
      "main.tf": `variable "v" {
  type = object({
    name = string
    tags = optional(list(object({ key = string })), [])
  })
  default = {
    name  = "a"
    nmae  = "typo"
    tags  = [{ key = "k", value = "dropped" }]
  }
}
`,
    });
    expect(m.diagnostics.map((d) => `${d.severity}: ${d.summary}: ${d.detail}`)).toEqual([
      'warning: Object attribute is ignored: The object type for this variable does not include an attribute named "nmae", so this definition is unused. Did you mean to set attribute "name" instead?',
      'warning: Object attribute is ignored: The object type for .tags[0] does not include an attribute named "value", so this definition is unused.',
    ]);
    expect(formatLine(m.diagnostics[0]!.subject)).toBe(8);
  });
});

function formatLine(r: { start: { line: number } } | undefined): number | undefined {
  return r?.start.line;
}

describe("loadModule: validation blocks", () => {
  it("keeps every rule in order, with where it is written", () => {
    // internal/configs/testdata/valid-files/variable_validation.tf.
    const m = load({
      "main.tf": `variable "validation" {
  validation {
    condition     = var.validation == 5
    error_message = "Must be five."
  }
}

variable "validation_function" {
  type = list(string)
  validation {
    condition     = length(var.validation_function) > 0
    error_message = "Must not be empty."
  }
  validation {
    condition     = length(var.validation_function) < 10
    error_message = "Too long (\${length(var.validation_function)} is greater than 10)."
  }
}
`,
    });
    expect(m.diagnostics).toEqual([]);
    expect(m.variables.get("validation")?.validations.length).toBe(1);
    const rules = m.variables.get("validation_function")!.validations;
    expect(rules.map((r) => `${r.range.start.line},${r.range.start.column}-${r.range.end.column}`)).toEqual([
      "10,3-13",
      "14,3-13",
    ]);
  });

  it("refuses a condition that does not refer to its variable", () => {
    // internal/configs/testdata/invalid-files/variable-validation-condition-noref.tf.
    const m = load({
      "main.tf": `
variable "validation" {
  validation {
    condition     = true # ERROR: Invalid variable validation condition
    error_message = "Must be true."
  }
}
variable "other" {
  validation {
    condition     = var.validation != ""
    error_message = "Refers to another variable only."
  }
}
`,
    });
    expect(lines(m.diagnostics)).toEqual([
      "error: Invalid validation expression: The condition expression must refer to at least one object from elsewhere in the configuration, or else its result would not be checking anything. @ main.tf:4,21-25",
      'error: Invalid variable validation condition: The condition for variable "validation" must refer to var.validation in order to test incoming values. @ main.tf:4,21-25',
      'error: Invalid variable validation condition: The condition for variable "other" must refer to var.other in order to test incoming values. @ main.tf:10,21-41',
    ]);
  });

  it('does not count var["name"] as a reference to the variable, as OpenTofu\'s reference parser', () => {
    const m = load({
      "main.tf":
        'variable "v" {\n  validation {\n    condition     = var["v"] != ""\n    error_message = "x"\n  }\n}\n',
    });
    expect(m.diagnostics.map((d) => d.summary)).toEqual(["Invalid variable validation condition"]);
  });

  it("accepts a condition that refers to other variables as well as its own", () => {
    const m = load({
      "main.tf": `variable "min" {
  type = number
}
variable "max" {
  type = number
  validation {
    condition     = var.max >= var.min
    error_message = "max must not be below min (\${var.min})."
  }
}
`,
    });
    expect(m.diagnostics).toEqual([]);
  });

  it("requires a condition and an error message, and nothing else", () => {
    const m = load({
      "main.tf": 'variable "v" {\n  validation {\n    condition = var.v != ""\n    message   = "x"\n  }\n}\n',
    });
    expect(lines(m.diagnostics)).toEqual([
      'error: Missing required argument: The argument "error_message" is required, but no definition was found. @ main.tf:2,14-14',
      'error: Unsupported argument: An argument named "message" is not expected here. @ main.tf:4,5-12',
    ]);
  });
});

describe("loadModule: JSON syntax", () => {
  it("points at the property each declaration and diagnostic is about", () => {
    const m = load({
      "main.tf.json": `{
  "variable": {
    "region": {
      "type": "string",
      "default": "eu-west-1",
      "description": "Where."
    },
    "count": {},
    "size": {
      "type": "number",
      "default": "big",
      "sensitve": true
    }
  }
}
`,
    });
    expect(lines(m.diagnostics)).toEqual([
      'error: Invalid variable name: The variable name "count" is reserved due to its special meaning inside module blocks. @ main.tf.json:8,5-12',
      'error: Extraneous JSON object property: No argument or block type is named "sensitve". Did you mean "sensitive"? @ main.tf.json:12,7-17',
      "error: Invalid default value for variable: This default value is not compatible with the variable's type constraint: a number is required. @ main.tf.json:11,18-23",
    ]);
    const region = m.variables.get("region")!;
    expect(region).toMatchObject({ description: "Where.", parsingMode: "literal" });
    expect(region.defaultValue?.asString()).toBe("eu-west-1");
    expect(formatLine(region.declRange)).toBe(3);
  });

  it("reads validation rules written as strings", () => {
    const m = load({
      "main.tf.json": JSON.stringify({
        variable: {
          name: {
            type: "string",
            // biome-ignore lint/suspicious/noTemplateCurlyInString: an HCL template inside JSON, as OpenTofu reads it
            validation: [{ condition: "${length(var.name) > 2}", error_message: "Too short." }],
          },
        },
      }),
    });
    expect(m.diagnostics).toEqual([]);
    expect(m.variables.get("name")!.validations.length).toBe(1);
  });

  it("reports a syntax error with hcl's JSON texts, as in a .tfvars.json file", () => {
    const m = load({ "main.tf.json": '{\n  "variable": {"a": {"default": [1 2]}}\n}\n' });
    expect(lines(m.diagnostics)).toEqual([
      "error: Missing attribute seperator comma: A comma must appear between each value in an array. @ main.tf.json:2,38-39",
      "error: Root value must be object: The root value in a JSON-based configuration must be either a JSON object or a JSON array of objects. @ main.tf.json:1,1-2",
    ]);
    const values = check({
      "main.tf": 'variable "a" {}\n',
      "terraform.tfvars.json": '{\n  "variable": {"a": {"default": [1 2]}}\n}\n',
    });
    expect(lines(values.diagnostics)[0]).toBe(
      "error: Missing attribute seperator comma: A comma must appear between each value in an array. @ terraform.tfvars.json:2,38-39",
    );
  });

  it("puts a type constraint's problems where the string is written", () => {
    const m = load({ "main.tf.json": '{"variable": {"a": {"type": "list(strin)"}}}' });
    expect(lines(m.diagnostics)).toEqual([
      'error: Invalid type specification: The keyword "strin" is not a valid type specification. @ main.tf.json:1,35-40',
    ]);
  });

  it("reads a variable's strings verbatim where OpenTofu wants a constant", () => {
    const m = load({
      "main.tf.json": JSON.stringify({
        // biome-ignore lint/suspicious/noTemplateCurlyInString: a template sequence JSON keeps as written
        variable: { a: { description: "Costs ${x}.", default: { k: "${y}" } } },
      }),
    });
    expect(m.diagnostics).toEqual([]);
    const a = m.variables.get("a")!;
    // biome-ignore lint/suspicious/noTemplateCurlyInString: as above
    expect(a.description).toBe("Costs ${x}.");
  });

  it("reads a block type given as an array of objects, and reports a value that is none", () => {
    const m = load({
      "main.tf.json": JSON.stringify({ variable: [{ a: {} }, { b: [{ type: "number" }] }], locals: "x" }),
    });
    expect([...m.variables.keys()]).toEqual(["a", "b"]);
    expect(lines(m.diagnostics)).toEqual([
      'error: Incorrect JSON value type: Either a JSON object or a JSON array is required, representing the contents of one or more "locals" blocks. @ main.tf.json:1,59-62',
    ]);
  });
});
