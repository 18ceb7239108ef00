import { boolVal, listVal, stringVal, t } from "@tofukit/cty";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { moduleJsonSchema } from "./module-json-schema.js";
import type { VariableDeclaration } from "./variable-declaration.js";

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });

const variables: VariableDeclaration[] = [
  {
    name: "region",
    type: t.string,
    defaults: null,
    description: "Where it runs.",
    nullable: true,
    sensitive: false,
  },
  {
    name: "zones",
    type: t.list(t.string),
    defaults: null,
    default: listVal([stringVal("a")]),
    nullable: false,
    sensitive: false,
  },
  { name: "token", type: t.string, defaults: null, nullable: false, sensitive: true },
  {
    name: "legacy",
    type: t.bool,
    defaults: null,
    default: boolVal(false),
    nullable: true,
    sensitive: false,
    deprecated: "Use zones.",
  },
];
const schema = moduleJsonSchema(variables);

describe("moduleJsonSchema", () => {
  it("is a valid draft 2020-12 schema with a property per variable", () => {
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(Object.keys(schema.properties as object)).toEqual(["region", "zones", "token", "legacy"]);
  });

  it("requires the variables without a default", () => {
    expect(schema.required).toEqual(["region", "token"]);
    expect(ajv.validate(schema, { region: "eu", token: "x" })).toBe(true);
    expect(ajv.validate(schema, { region: "eu" })).toBe(false);
  });

  it("accepts null for nullable variables and for those with a default, not otherwise", () => {
    expect(ajv.validate(schema, { region: null, token: "x", zones: null })).toBe(true);
    expect(ajv.validate(schema, { region: "eu", token: null })).toBe(false);
  });

  it("carries descriptions, defaults, deprecation and sensitivity", () => {
    const p = schema.properties as Record<string, Record<string, unknown>>;
    expect(p.region!.description).toBe("Where it runs.");
    expect(p.zones!.default).toEqual(["a"]);
    expect(p.legacy!.deprecated).toBe(true);
    expect(p.legacy!.description).toBe("Deprecated: Use zones.");
    expect(p.token!.description).toBe("Sensitive: OpenTofu hides this value in its output.");
  });

  it("allows properties for undeclared variables, which OpenTofu only warns about", () => {
    expect(ajv.validate(schema, { region: "eu", token: "x", other: 1 })).toBe(true);
  });
});
