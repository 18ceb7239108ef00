import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { CredentialsError } from "./credentials-error.js";
import { HostCredentials } from "./host-credentials.js";

const secret = "s3cr3t-token-value";

describe("HostCredentials", () => {
  it("gives the bearer token and the Authorization header value", () => {
    const credentials = HostCredentials.fromToken(secret);
    expect(credentials.token()).toBe(secret);
    expect(credentials.authorization()).toBe(`Bearer ${secret}`);
  });

  it("accepts an empty token, as OpenTofu sends `Authorization: Bearer`", () => {
    expect(HostCredentials.fromToken("").authorization()).toBe("Bearer ");
  });

  it("never shows the token when printed, inspected or serialized", () => {
    const credentials = HostCredentials.fromToken(secret, "environment variable TF_TOKEN_example_com");
    const renderings = [
      inspect(credentials),
      inspect({ nested: { credentials } }, { depth: 10, showHidden: true }),
      String(credentials),
      `${credentials}`,
      JSON.stringify(credentials),
      JSON.stringify({ credentials }),
    ];
    for (const rendering of renderings) {
      expect(rendering).not.toContain(secret);
      expect(rendering).toContain("redacted");
    }
    expect(Object.keys(credentials)).not.toContain("token");
  });

  it("refuses a token with a line break or NUL, naming where it came from but not the token", () => {
    for (const bad of [`${secret}\n`, `${secret}\r\n`, `a\rb`, `a\0b`]) {
      const credentials = HostCredentials.fromToken(bad, "environment variable TF_TOKEN_example_com");
      expect(credentials.usable).toBe(false);
      let caught: unknown;
      try {
        credentials.authorization();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(CredentialsError);
      const error = caught as CredentialsError;
      expect(error.code).toBe("TOFUKIT_CREDENTIALS_INVALID_TOKEN");
      expect(error.message).toContain("TF_TOKEN_example_com");
      expect(error.message).not.toContain(secret);
      expect(inspect(error)).not.toContain(secret);
    }
  });

  it("keeps tabs and spaces as they are", () => {
    expect(HostCredentials.fromToken(" a\tb ").token()).toBe(" a\tb ");
  });

  it("reads an object as OpenTofu does: only a string token counts", () => {
    expect(HostCredentials.fromObject({ token: "x" }, "f")?.token()).toBe("x");
    expect(HostCredentials.fromObject(new Map([["token", "y"]]), "f")?.token()).toBe("y");
    expect(HostCredentials.fromObject({ token: 123 }, "f")).toBeNull();
    expect(HostCredentials.fromObject({ username: "u", password: "p" }, "f")).toBeNull();
    expect(HostCredentials.fromObject(null, "f")).toBeNull();
    expect(HostCredentials.fromObject(["token"], "f")).toBeNull();
  });

  it("sets the Authorization header on Headers and on plain records, replacing any previous value", () => {
    const headers = new Headers({ authorization: "Basic old" });
    HostCredentials.fromToken("t").applyTo(headers);
    expect(headers.get("Authorization")).toBe("Bearer t");
    const record: Record<string, string> = { authorization: "Basic old", accept: "application/json" };
    HostCredentials.fromToken("t").applyTo(record);
    expect(record).toEqual({ Authorization: "Bearer t", accept: "application/json" });
  });

  it("gives the stored form, the only place the raw token is handed out without a check", () => {
    expect(HostCredentials.fromToken("t").toStore()).toEqual({ token: "t" });
  });

  it("is recognised across copies of the package", () => {
    const lookalike = { [Symbol.for("tofukit.HostCredentials")]: true };
    expect(lookalike instanceof HostCredentials).toBe(true);
    expect({} instanceof HostCredentials).toBe(false);
  });
});
