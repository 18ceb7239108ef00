// The cost of validation rules: 200 variables with 5 rules each (1,000 rules) against the same
// check without them, and the loading of such a module.
import { bench, describe } from "vitest";
import { checkVariables, loadModule } from "../src/index.js";
import { rulesModule } from "./rules-module.js";

const files = rulesModule();
const module = loadModule(files);
const result = checkVariables(module, { files });
if (result.diagnostics.length > 0 || result.rules.run !== 1000) {
  throw new Error(`the bench module does not pass its rules: ${JSON.stringify(result.diagnostics[0])}`);
}

describe("200 variables × 5 validation rules", () => {
  bench("checkVariables, rules evaluated", () => {
    checkVariables(module, { files });
  });
  bench("checkVariables, rules skipped (the floor)", () => {
    checkVariables(module, { files, validation: false });
  });
  bench("loadModule (parse and decode the declarations)", () => {
    loadModule(files);
  });
});
