import { forComparison } from "@tofukit/hostname";
import { describe, expect, it } from "vitest";
import { CredentialsError } from "./credentials-error.js";
import { credentialsFromEnvironment, environmentToken } from "./environment-credentials.js";

const host = forComparison("app.terraform.io");

describe("credentialsFromEnvironment", () => {
  it("finds a host's token in a record, in entries and in NAME=value strings", async () => {
    const forms = [
      { TF_TOKEN_app_terraform_io: "a", PATH: "/bin" },
      [["TF_TOKEN_app_terraform_io", "a"]] as const,
      ["PATH=/bin", "TF_TOKEN_app_terraform_io=a"],
      new Map([["TF_TOKEN_app_terraform_io", "a"]]),
    ];
    for (const env of forms) {
      const credentials = await credentialsFromEnvironment(env).forHost(host);
      expect(credentials?.token()).toBe("a");
      expect(credentials?.origin).toBe("environment variable TF_TOKEN_app_terraform_io");
    }
  });

  it("lets the last matching variable in environment order win", async () => {
    const env = [
      ["TF_TOKEN_APP_TERRAFORM_IO", "first"],
      ["TF_TOKEN_app_terraform_io", "second"],
      ["TF_TOKEN_app.terraform.io", "third"],
    ] as const;
    expect((await credentialsFromEnvironment(env).forHost(host))?.token()).toBe("third");
    expect(environmentToken(env, host)?.variable).toBe("TF_TOKEN_app.terraform.io");
  });

  it("counts an empty value as a token", async () => {
    const credentials = await credentialsFromEnvironment({ TF_TOKEN_app_terraform_io: "" }).forHost(host);
    expect(credentials?.authorization()).toBe("Bearer ");
  });

  it("uses the value verbatim, splitting NAME=value at the first =", async () => {
    const credentials = await credentialsFromEnvironment(["TF_TOKEN_app_terraform_io= a=b "]).forHost(host);
    expect(credentials?.token()).toBe(" a=b ");
  });

  it("has nothing for other hosts, invalid names and unset values", async () => {
    const env = {
      TF_TOKEN_example_com: "x",
      TF_TOKEN__bad: "y",
      tf_token_app_terraform_io: "z",
      TF_TOKEN_app_terraform_io: undefined,
    };
    expect(await credentialsFromEnvironment(env).forHost(host)).toBeNull();
  });

  it("reads the environment on every lookup", async () => {
    const env: Record<string, string> = {};
    const source = credentialsFromEnvironment(env);
    expect(await source.forHost(host)).toBeNull();
    env.TF_TOKEN_app_terraform_io = "later";
    expect((await source.forHost(host))?.token()).toBe("later");
  });

  it("cannot store or forget", async () => {
    const source = credentialsFromEnvironment({});
    await expect(source.forgetForHost(host)).rejects.toThrow(CredentialsError);
    await expect(source.forgetForHost(host)).rejects.toMatchObject({ code: "TOFUKIT_CREDENTIALS_READ_ONLY" });
  });
});
