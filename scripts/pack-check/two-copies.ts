// Two copies of @tofukit/cty, as npm installs them when a package needs a version the top level
// does not have: node_modules/@tofukit/cty and node_modules/@tofukit/convert/node_modules/@tofukit/cty.
// A value made by the first, given to convert (which uses the second), is refused with a
// CtyError that names both copies.
import { strict as assert } from "node:assert";
import { convert } from "@tofukit/convert";
import { CtyError, listVal, stringVal, t } from "@tofukit/cty";

assert.throws(
  () => convert(listVal([stringVal("a")]), t.list(t.string)),
  (e: unknown) => {
    assert.ok(e instanceof CtyError, `not a CtyError: ${String(e)}`);
    assert.equal(e.code, "TOFUKIT_CTY_OTHER_COPY");
    assert.match(
      e.message,
      /another copy of @tofukit\/cty \(\S+ from file:\S+\/node_modules\/@tofukit\/cty\/dist\/copy\.js\)/,
    );
    assert.match(
      e.message,
      /given to @tofukit\/cty \S+ from file:\S+\/node_modules\/@tofukit\/convert\/node_modules\/@tofukit\/cty\/dist\/copy\.js/,
    );
    return true;
  },
);
console.log("two copies: refused as expected");
