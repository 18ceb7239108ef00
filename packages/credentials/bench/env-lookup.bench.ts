// TF_TOKEN_* lookups: the mapping of one name, and a whole-environment scan as every request does.
import { forComparison } from "@tofukit/hostname";
import { bench, describe } from "vitest";
import { credentialsFromEnvironment, tokenVariableHost } from "../src/index.js";

const host = forComparison("app.terraform.io");
// A realistic environment: 60 ordinary variables and 5 TF_TOKEN_ ones, the match last.
const env: Record<string, string> = {};
for (let i = 0; i < 60; i++) env[`SOME_VARIABLE_${i}`] = `value-${i}`;
env.TF_TOKEN_registry_example_com = "a";
env.TF_TOKEN_xn____caf__dma_fr = "b";
env.TF_TOKEN_my__registry_example_com = "c";
env["TF_TOKEN_localhost:8443"] = "d";
env.TF_TOKEN_app_terraform_io = "e";
const source = credentialsFromEnvironment(env);

describe("TF_TOKEN_* variables", () => {
  bench("tokenVariableHost (ASCII)", () => {
    tokenVariableHost("TF_TOKEN_my__registry_example_com");
  });
  bench("tokenVariableHost (Unicode)", () => {
    tokenVariableHost("TF_TOKEN_café_fr");
  });
  bench("forHost, 65-variable environment", async () => {
    await source.forHost(host);
  });
  bench("forHost, 65-variable environment, fresh source (no memo)", async () => {
    await credentialsFromEnvironment(env).forHost(host);
  });
});
