// A consumer of the published packages, installed from their tarballs: every package's main
// entry point, used as the READMEs show, with the results checked.
import { strict as assert } from "node:assert";
import { convert, convertWithDefaults } from "@tofukit/convert";
import { tokenVariableName } from "@tofukit/credentials";
import { CtyError, consoleString, listVal, stringVal, t, typeFromJSON, valueFromJSON } from "@tofukit/cty";
import { Disco } from "@tofukit/disco";
import { openTofuFunctions } from "@tofukit/functions";
import "@tofukit/functions/node";
import { goJsonSyntaxError, goQuote } from "@tofukit/gostd";
import { evaluateConstant, parseConfig } from "@tofukit/hcl";
import { forComparison, forDisplay } from "@tofukit/hostname";
import { parseTypeConstraint } from "@tofukit/typeexpr";

assert.equal(goQuote("a\tb"), '"a\\tb"');
assert.equal(goJsonSyntaxError("{a:1}"), "invalid character 'a' looking for beginning of object key string");
assert.equal(forComparison("Bücher.example:443"), "xn--bcher-kva.example");
assert.equal(forDisplay("xn--bcher-kva.example"), "bücher.example");

const { body, diagnostics } = parseConfig('zones = 3 * 2\nname = "web"\n', "x.tfvars");
assert.equal(diagnostics.length, 0);
assert.deepEqual(
  body.attributes.map((a) => `${a.name}=${consoleString(evaluateConstant(a.expr))}`),
  ["zones=6", 'name="web"'],
);

const { type, defaults } = parseTypeConstraint(
  'list(object({name = string, tier = optional(string, "free")}))',
);
const given = valueFromJSON('[{"name": "a"}]', typeFromJSON(["tuple", [["object", { name: "string" }]]]));
assert.equal(
  consoleString(convertWithDefaults(given, type, defaults)),
  'tolist([\n  {\n    "name" = "a"\n    "tier" = "free"\n  },\n])',
);
assert.equal(consoleString(convert(listVal([stringVal("1")]), t.list(t.number))), "tolist([\n  1,\n])");
assert.throws(() => listVal([{} as never]), CtyError);

assert.equal(
  tokenVariableName(forComparison("my-registry.example.com")),
  "TF_TOKEN_my__registry_example_com",
);
assert.ok(new Disco({ env: {} }) instanceof Disco);
assert.equal(typeof openTofuFunctions(), "object");
console.log("consumer: ok");
