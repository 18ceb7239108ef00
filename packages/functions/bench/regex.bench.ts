// regex with whole-string patterns, as validation rules use it (`can(regex("^…$", var.x))`),
// on 10,000 short strings: all matching (the cost of matching), one in ten failing (each
// failure is a thrown FunctionError, which costs more than the match), and through evaluate.
import { objectVal, stringVal, type Value } from "@tofukit/cty";
import { evaluate, parseExpression } from "@tofukit/hcl";
import { bench, describe } from "vitest";
import { openTofuFunctions } from "../src/open-tofu-functions.js";

const functions = openTofuFunctions();
const regex = functions.regex!;

const names = Array.from({ length: 10_000 }, (_, i) => stringVal(`rg-app-${i.toString(36)}-westeurope`));
const someBadNames = names.map((n, i) => (i % 10 === 0 ? stringVal(`Bad_Name ${i}`) : n));
const emails = Array.from({ length: 10_000 }, (_, i) => stringVal(`user.${i}@team-${i % 17}.example.com`));
const slug = stringVal("^[a-z0-9-]+$");
const email = stringVal("^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-z]{2,}$");

function matches(pattern: Value, s: Value): boolean {
  try {
    regex.call([pattern, s]);
    return true;
  } catch {
    return false;
  }
}

describe("regex, whole-string patterns, 10,000 short strings", () => {
  bench("^[a-z0-9-]+$, all match", () => {
    for (const s of names) regex.call([slug, s]);
  });
  bench("^[a-z0-9-]+$, one in ten fails", () => {
    for (const s of someBadNames) matches(slug, s);
  });
  bench("e-mail-like pattern, all match", () => {
    for (const s of emails) regex.call([email, s]);
  });
  const expr = parseExpression('can(regex("^[a-z0-9-]+$", var.name))').expr;
  const contexts = someBadNames.map((name) => ({ variables: { var: objectVal({ name }) }, functions }));
  bench("can(regex(…)) through evaluate, one in ten fails", () => {
    for (const ctx of contexts) evaluate(expr, ctx);
  });
});
