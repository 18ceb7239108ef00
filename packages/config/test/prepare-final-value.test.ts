// OpenTofu's TestPrepareFinalInputVariableValue (internal/tofu/eval_variable_test.go), its
// declarations and given values passed as module call arguments: an omitted argument for
// cty.NilVal, `null` for a null, `tostring(…)` of a resource attribute for an unknown string. The
// texts are those of a value set in configuration (the table's "SourceType error message
// variants", ValueFromConfig), and a required variable the call leaves out is caught first by the
// call's own "Missing required argument", as in OpenTofu's graph.
import { consoleString, friendlyName, type Value } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { checkTree } from "./check-tree.js";

const declarations: Record<string, string> = {
  nullable_required: "",
  nullable_optional_default_string: 'default = "hello"',
  nullable_optional_default_null: "default = null",
  constrained_string_nullable_required: "type = string",
  constrained_string_nullable_optional_default_string: 'type = string\n  default = "hello"',
  constrained_string_nullable_optional_default_bool: "type = string\n  default = true",
  constrained_string_nullable_optional_default_null: "type = string\n  default = null",
  required: "nullable = false",
  optional_default_string: 'nullable = false\n  default = "hello"',
  constrained_string_required: "nullable = false\n  type = string",
  constrained_string_optional_default_string: 'nullable = false\n  type = string\n  default = "hello"',
  constrained_string_optional_default_bool: "nullable = false\n  type = string\n  default = true",
  constrained_string_sensitive_required: "sensitive = true\n  nullable = false\n  type = string",
  complex_type_with_nested_default_optional: `type = set(object({
    name      = string
    schedules = set(object({
      name               = string
      cold_storage_after = optional(number, 10)
    }))
  }))`,
  complex_type_with_nested_complex_types: `type = object({
    name          = string
    nested_object = object({
      name  = string
      value = optional(string, "foo")
    })
    nested_object_with_default = optional(object({
      name  = string
      value = optional(string, "bar")
    }), {
      name = "nested_object_with_default"
    })
  })`,
  complex_type_with_empty_default_and_nested_optional: `type = list(object({
    name          = string
    optional_list = optional(list(object({
      string          = string
      optional_string = optional(string)
    })), [])
  }))`,
  empty_object_with_optional_nested_object_with_optional_bool: `type = object({
    thing = optional(object({
      flag = optional(bool, false)
    }))
  })
  default = {}`,
  populated_object_with_optional_nested_object_with_optional_bool: `type = object({
    thing = optional(object({
      flag = optional(bool, false)
    }))
  })
  default = {
    thing = {}
  }`,
  empty_object_with_default_nested_object_with_optional_bool: `type = object({
    thing = optional(object({
      flag = optional(bool, false)
    }), {})
  })
  default = {}`,
  object_with_nested_object_with_required_and_optional_attributes: `type = object({
    nested_object = optional(object({
      string          = string
      optional_string = optional(string, "optional")
    }))
  })`,
  list_with_nested_object_with_required_and_optional_attributes: `type = list(object({
    nested_object = optional(object({
      string          = string
      optional_string = optional(string, "optional")
    }))
  }))`,
  list_with_nested_list_of_any: `type = list(object({
    a = string
    b = optional(list(any))
  }))
  default = [
    { a = "a" },
    { a = "b", b = [1] },
  ]`,
  list_with_nested_collections_dynamic_with_default: `type = list(object({
    name   = optional(string, "default")
    taints = optional(list(map(any)), [])
  }))`,
  invalid_nested_type: `type = map(object({
    rules = map(object({
      destination_addresses = optional(list(string), [])
    }))
  }))
  default = {}`,
};

const NIL = undefined;
const UNKNOWN_STRING = "tostring(aws_instance.x.id)";

/** [variable, given (an HCL expression; NIL leaves the argument out), wanted console text, wanted type, error]. */
const cases: [string, string | undefined, string, string, string?][] = [
  [
    "nullable_required",
    NIL,
    "(none)",
    "",
    'Missing required argument: The argument "nullable_required" is required, but no definition was found.',
  ],
  ["nullable_required", "null", "null", "dynamic"],
  ["nullable_required", '"ahoy"', '"ahoy"', "string"],
  ["nullable_required", UNKNOWN_STRING, "(known after apply)", "string"],
  ["nullable_optional_default_string", NIL, '"hello"', "string"],
  ["nullable_optional_default_string", "null", "null", "dynamic"],
  ["nullable_optional_default_string", '"ahoy"', '"ahoy"', "string"],
  ["nullable_optional_default_string", UNKNOWN_STRING, "(known after apply)", "string"],
  ["nullable_optional_default_null", NIL, "null", "dynamic"],
  ["nullable_optional_default_null", "tostring(null)", "tostring(null)", "string"],
  ["nullable_optional_default_null", '"ahoy"', '"ahoy"', "string"],
  ["nullable_optional_default_null", UNKNOWN_STRING, "(known after apply)", "string"],
  [
    "constrained_string_nullable_required",
    NIL,
    "(none)",
    "",
    'Missing required argument: The argument "constrained_string_nullable_required" is required, but no definition was found.',
  ],
  ["constrained_string_nullable_required", "null", "tostring(null)", "string"],
  ["constrained_string_nullable_required", '"ahoy"', '"ahoy"', "string"],
  ["constrained_string_nullable_required", UNKNOWN_STRING, "(known after apply)", "string"],
  ["constrained_string_nullable_optional_default_string", NIL, '"hello"', "string"],
  ["constrained_string_nullable_optional_default_string", "null", "tostring(null)", "string"],
  ["constrained_string_nullable_optional_default_string", '"ahoy"', '"ahoy"', "string"],
  ["constrained_string_nullable_optional_default_string", UNKNOWN_STRING, "(known after apply)", "string"],
  ["constrained_string_nullable_optional_default_bool", NIL, '"true"', "string"],
  ["constrained_string_nullable_optional_default_bool", "null", "tostring(null)", "string"],
  ["constrained_string_nullable_optional_default_bool", '"ahoy"', '"ahoy"', "string"],
  ["constrained_string_nullable_optional_default_bool", UNKNOWN_STRING, "(known after apply)", "string"],
  ["constrained_string_nullable_optional_default_null", NIL, "tostring(null)", "string"],
  ["constrained_string_nullable_optional_default_null", "null", "tostring(null)", "string"],
  ["constrained_string_nullable_optional_default_null", '"ahoy"', '"ahoy"', "string"],
  ["constrained_string_nullable_optional_default_null", UNKNOWN_STRING, "(known after apply)", "string"],
  [
    "required",
    NIL,
    "(none)",
    "",
    'Missing required argument: The argument "required" is required, but no definition was found.',
  ],
  [
    "required",
    "null",
    "(none)",
    "",
    "Required variable not set: The given value is not suitable for module.c29.var.required defined at vars/required/main.tf:1,1-20: required variable may not be set to null.",
  ],
  ["required", '"ahoy"', '"ahoy"', "string"],
  ["required", UNKNOWN_STRING, "(known after apply)", "string"],
  ["optional_default_string", NIL, '"hello"', "string"],
  ["optional_default_string", "null", '"hello"', "string"],
  ["optional_default_string", '"ahoy"', '"ahoy"', "string"],
  ["optional_default_string", UNKNOWN_STRING, "(known after apply)", "string"],
  [
    "constrained_string_required",
    NIL,
    "(none)",
    "",
    'Missing required argument: The argument "constrained_string_required" is required, but no definition was found.',
  ],
  [
    "constrained_string_required",
    "null",
    "(none)",
    "",
    "Required variable not set: The given value is not suitable for module.c37.var.constrained_string_required defined at vars/constrained_string_required/main.tf:1,1-39: required variable may not be set to null.",
  ],
  ["constrained_string_required", '"ahoy"', '"ahoy"', "string"],
  ["constrained_string_required", UNKNOWN_STRING, "(known after apply)", "string"],
  [
    "constrained_string_required",
    "{}",
    "(none)",
    "",
    "Invalid value for input variable: The given value is not suitable for module.c40.var.constrained_string_required declared at vars/constrained_string_required/main.tf:1,1-39: string required, but have object.",
  ],
  ["constrained_string_optional_default_string", NIL, '"hello"', "string"],
  ["constrained_string_optional_default_string", "null", '"hello"', "string"],
  ["constrained_string_optional_default_string", '"ahoy"', '"ahoy"', "string"],
  ["constrained_string_optional_default_string", UNKNOWN_STRING, "(known after apply)", "string"],
  ["constrained_string_optional_default_bool", NIL, '"true"', "string"],
  ["constrained_string_optional_default_bool", "null", '"true"', "string"],
  ["constrained_string_optional_default_bool", '"ahoy"', '"ahoy"', "string"],
  ["constrained_string_optional_default_bool", UNKNOWN_STRING, "(known after apply)", "string"],
  ["constrained_string_sensitive_required", UNKNOWN_STRING, "(known after apply)", "string"],
  [
    "constrained_string_sensitive_required",
    "{}",
    "(none)",
    "",
    "Invalid value for input variable: The given value is not suitable for module.c50.var.constrained_string_sensitive_required, which is sensitive: string required, but have object. Invalid value defined at main.tf:191,43-45.",
  ],
  [
    "list_with_nested_collections_dynamic_with_default",
    '[{ name = "default" }, { name = "complex", taints = [{ key = "my_key", value = "my_value" }] }]',
    `tolist([
  {
    "name" = "default"
    "taints" = tolist([])
  },
  {
    "name" = "complex"
    "taints" = tolist([
      tomap({
        "key" = "my_key"
        "value" = "my_value"
      }),
    ])
  },
])`,
    "list of object",
  ],
  [
    "complex_type_with_nested_default_optional",
    '[{ name = "test1", schedules = [{ name = "daily" }] }, { name = "test2", schedules = [{ name = "daily" }, { name = "weekly", cold_storage_after = "0" }] }]',
    `toset([
  {
    "name" = "test1"
    "schedules" = toset([
      {
        "cold_storage_after" = 10
        "name" = "daily"
      },
    ])
  },
  {
    "name" = "test2"
    "schedules" = toset([
      {
        "cold_storage_after" = 0
        "name" = "weekly"
      },
      {
        "cold_storage_after" = 10
        "name" = "daily"
      },
    ])
  },
])`,
    "set of object",
  ],
  [
    "complex_type_with_nested_complex_types",
    '{ name = "object", nested_object = { name = "nested_object" } }',
    `{
  "name" = "object"
  "nested_object" = {
    "name" = "nested_object"
    "value" = "foo"
  }
  "nested_object_with_default" = {
    "name" = "nested_object_with_default"
    "value" = "bar"
  }
}`,
    "object",
  ],
  [
    "complex_type_with_empty_default_and_nested_optional",
    '[{ name = "abc", optional_list = [{ string = "child" }] }, { name = "def", optional_list = null }]',
    `tolist([
  {
    "name" = "abc"
    "optional_list" = tolist([
      {
        "optional_string" = tostring(null)
        "string" = "child"
      },
    ])
  },
  {
    "name" = "def"
    "optional_list" = tolist([])
  },
])`,
    "list of object",
  ],
  [
    "object_with_nested_object_with_required_and_optional_attributes",
    "{}",
    `{
  "nested_object" = null /* object */
}`,
    "object",
  ],
  [
    "empty_object_with_optional_nested_object_with_optional_bool",
    NIL,
    '{\n  "thing" = null /* object */\n}',
    "object",
  ],
  [
    "populated_object_with_optional_nested_object_with_optional_bool",
    NIL,
    '{\n  "thing" = {\n    "flag" = false\n  }\n}',
    "object",
  ],
  [
    "empty_object_with_default_nested_object_with_optional_bool",
    NIL,
    '{\n  "thing" = {\n    "flag" = false\n  }\n}',
    "object",
  ],
  [
    "list_with_nested_object_with_required_and_optional_attributes",
    '[{ nested_object = { string = "string" } }, { nested_object = null }]',
    `tolist([
  {
    "nested_object" = {
      "optional_string" = "optional"
      "string" = "string"
    }
  },
  {
    "nested_object" = null /* object */
  },
])`,
    "list of object",
  ],
  [
    "list_with_nested_list_of_any",
    NIL,
    `tolist([
  {
    "a" = "a"
    "b" = tolist(null) /* of number */
  },
  {
    "a" = "b"
    "b" = tolist([
      1,
    ])
  },
])`,
    "list of object",
  ],
  [
    "invalid_nested_type",
    'tomap({ mysql = { rules = { destination_addresses = ["192.168.0.1"] } } })',
    "(none)",
    "",
    'Invalid value for input variable: The given value is not suitable for module.c61.var.invalid_nested_type declared at vars/invalid_nested_type/main.tf:1,1-31: incorrect map element type: attribute "rules": element "destination_addresses": object required, but have tuple.',
  ],
];

describe("TestPrepareFinalInputVariableValue, given through module calls", () => {
  const files: Record<string, string> = {};
  for (const [name, body] of Object.entries(declarations)) {
    files[`vars/${name}/main.tf`] = `variable "${name}" {\n  ${body}\n}\n`;
  }
  files["main.tf"] = cases
    .map(
      ([name, given], i) =>
        `module "c${i}" {\n  source = "./vars/${name}"\n${given === undefined ? "" : `  ${name} = ${given}\n`}}\n`,
    )
    .join("");
  const result = checkTree(files);

  it.each(cases.map((c, i) => [i, ...c] as const))("c%i: %s = %s", (i, name, _given, want, type, err) => {
    const value: Value | undefined = result.values.get(`module.c${i}.var.${name}`);
    expect(value === undefined ? "(none)" : consoleString(value)).toBe(want);
    if (value !== undefined) expect(friendlyName(value.type)).toBe(type);
    const errors = result.diagnostics
      .filter((d) => d.extra?.module === `module.c${i}` && d.severity === "error")
      .map((d) => `${d.summary}: ${d.detail}`);
    expect(errors).toEqual(err === undefined ? [] : [err]);
  });
});
