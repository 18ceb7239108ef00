import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { forComparison } from "@tofukit/hostname";
import { describe, expect, it } from "vitest";
import { temporaryDirectory, writeScript, writeText } from "../test/temporary-directory.js";
import { loadCliConfig } from "./cli-config.js";
import { CredentialsError } from "./credentials-error.js";
import { HostCredentials } from "./host-credentials.js";

/**
 * A fake HOME with a `credentials_helper "fake"` whose program lives in ~/.terraform.d/plugins,
 * answers `get` with `{"token":"helper-<host>"}` and logs every call.
 */
async function homeWithHelper(tofurc: string) {
  const home = await temporaryDirectory();
  const dir = join(home, ".terraform.d");
  const log = join(home, "helper.log");
  await writeText(join(home, ".tofurc"), `credentials_helper "fake" { args = ["--flag"] }\n${tofurc}`);
  const program = await writeScript(
    join(dir, "plugins", "terraform-credentials-fake_v1.0.0"),
    `const fs = require("node:fs");
const [, , ...argv] = process.argv;
let input = "";
try { input = fs.readFileSync(0, "utf8"); } catch {}
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ argv, input }) + "\\n");
if (argv[1] === "get") process.stdout.write(JSON.stringify({ token: "helper-" + argv[2] }));`,
  );
  const calls = async () =>
    (await readFile(log, "utf8").catch(() => ""))
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { argv: string[]; input: string });
  return { home, dir, program, calls, env: { ...inheritedEnvironment(), HOME: home } };
}

/** This process's environment (the helper needs PATH to find node) without any CLI configuration setting. */
function inheritedEnvironment(): Record<string, string | undefined> {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(TF_|TERRAFORM_CONFIG$|XDG_)/.test(name)) delete env[name];
  }
  return env;
}

const h = (name: string) => forComparison(name);

describe("CliCredentialsSource lookups", () => {
  it("prefers TF_TOKEN_* over a credentials block over the helper", async () => {
    const { env, program, calls } = await homeWithHelper(`
credentials "both.example" { token = "from-block" }
credentials "block.example" { token = "from-block" }`);
    const source = await (
      await loadCliConfig({ env: { ...env, TF_TOKEN_both_example: "from-env" } })
    ).credentialsSource();
    expect(source.helperProgram).toBe(program);
    expect((await source.forHost(h("both.example")))?.token()).toBe("from-env");
    expect((await source.forHost(h("block.example")))?.token()).toBe("from-block");
    expect((await source.forHost(h("helper.example")))?.token()).toBe("helper-helper.example");
    expect(await calls()).toEqual([{ argv: ["--flag", "get", "helper.example"], input: "" }]);
  });

  it("lets an empty TF_TOKEN_* value win too", async () => {
    const { env } = await homeWithHelper('credentials "a.example" { token = "block" }');
    const source = await (
      await loadCliConfig({ env: { ...env, TF_TOKEN_a_example: "" } })
    ).credentialsSource();
    expect((await source.forHost(h("a.example")))?.authorization()).toBe("Bearer ");
  });

  it("treats a block without a string token as final: no credentials, and the helper is not asked", async () => {
    const { env, calls } = await homeWithHelper(`
credentials "userpass.example" {
  username = "u"
  password = "p"
}
credentials "number.example" { token = 123 }`);
    const source = await (await loadCliConfig({ env })).credentialsSource();
    expect(await source.forHost(h("userpass.example"))).toBeNull();
    expect(await source.forHost(h("number.example"))).toBeNull();
    expect(await calls()).toEqual([]);
  });

  it("asks the helper once per host", async () => {
    const { env, calls } = await homeWithHelper("");
    const source = await (await loadCliConfig({ env })).credentialsSource();
    await source.forHost(h("a.example"));
    await source.forHost(h("a.example"));
    await source.forHost(h("bücher.example:8443"));
    expect((await calls()).map((call) => call.argv.at(-1))).toEqual([
      "a.example",
      "xn--bcher-kva.example:8443",
    ]);
  }, 60_000);

  it("does without a helper that cannot be found", async () => {
    const home = await temporaryDirectory();
    await writeText(join(home, ".tofurc"), 'credentials_helper "absent" {}');
    const config = await loadCliConfig({ env: { HOME: home } });
    expect(config.credentialsHelper?.name).toBe("absent");
    const source = await config.credentialsSource();
    expect(source.helperProgram).toBeNull();
    expect(await source.forHost(h("a.example"))).toBeNull();
    expect(source.location(h("a.example"))).toBe("none");
  });
});

describe("CliCredentialsSource writes", () => {
  it("refuses to change credentials configured in another CLI config file, with OpenTofu's message", async () => {
    const { env, calls } = await homeWithHelper('credentials "bücher.example" { token = "manual" }');
    const source = await (await loadCliConfig({ env })).credentialsSource();
    expect(source.location(h("bücher.example"))).toBe("other-file");
    for (const attempt of [
      () => source.storeForHost(h("bücher.example"), HostCredentials.fromToken("new")),
      () => source.forgetForHost(h("bücher.example")),
    ]) {
      await expect(attempt()).rejects.toThrow(CredentialsError);
      await expect(attempt()).rejects.toMatchObject({
        code: "TOFUKIT_CREDENTIALS_UNWRITABLE",
        message:
          "cannot change credentials for bücher.example: existing manually-configured credentials in a CLI config file",
      });
    }
    expect(await calls()).toEqual([]);
  });

  it("updates credentials.tfrc.json for a host already there, even with a helper configured", async () => {
    const { env, dir, calls } = await homeWithHelper("");
    const file = await writeText(
      join(dir, "credentials.tfrc.json"),
      '{"credentials": {"App.Example": {"token": "old"}}}',
    );
    const source = await (await loadCliConfig({ env })).credentialsSource();
    expect(source.location(h("app.example"))).toBe("credentials-file");
    await source.storeForHost(h("app.example"), HostCredentials.fromToken("new"));
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({
      credentials: { "app.example": { token: "new" } },
    });
    expect((await source.forHost(h("app.example")))?.token()).toBe("new");
    await source.forgetForHost(h("app.example"));
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ credentials: {} });
    expect(await calls()).toEqual([]);
  });

  it("also treats a host in credentials.tfrc.json as writable when the main file names it too", async () => {
    const { env, dir } = await homeWithHelper('credentials "both.example" { token = "main" }');
    await writeText(
      join(dir, "credentials.tfrc.json"),
      '{"credentials": {"both.example": {"token": "file"}}}',
    );
    const source = await (await loadCliConfig({ env })).credentialsSource();
    expect(source.location(h("both.example"))).toBe("credentials-file");
  });

  it("hands other hosts to the helper", async () => {
    const { env, calls, dir } = await homeWithHelper("");
    const source = await (await loadCliConfig({ env })).credentialsSource();
    expect(source.location(h("new.example"))).toBe("helper");
    await source.forHost(h("new.example"));
    await source.storeForHost(h("new.example"), HostCredentials.fromToken("stored"));
    await source.forHost(h("new.example"));
    await source.forgetForHost(h("new.example"));
    expect((await calls()).map(({ argv, input }) => [argv[1], input])).toEqual([
      ["get", ""],
      ["store", '{"token":"stored"}'],
      ["get", ""],
      ["forget", ""],
    ]);
    await expect(readFile(join(dir, "credentials.tfrc.json"), "utf8")).rejects.toThrow();
  }, 60_000);

  it("writes credentials.tfrc.json when there is no helper, creating the directory", async () => {
    const home = await temporaryDirectory();
    const source = await (await loadCliConfig({ env: { HOME: home } })).credentialsSource();
    expect(source.credentialsFile).toBe(join(home, ".terraform.d", "credentials.tfrc.json"));
    await source.storeForHost(h("Bücher.example:8443"), HostCredentials.fromToken("t"));
    expect(await readFile(source.credentialsFile, "utf8")).toBe(
      '{\n  "credentials": {\n    "bücher.example:8443": {\n      "token": "t"\n    }\n  }\n}',
    );
    expect((await source.forHost(h("bücher.example:8443")))?.token()).toBe("t");
    expect(source.location(h("bücher.example:8443"))).toBe("credentials-file");
    // A new load reads the file back as one of the config directory's files.
    const again = await (await loadCliConfig({ env: { HOME: home } })).credentialsSource();
    expect((await again.forHost(h("bücher.example:8443")))?.token()).toBe("t");
  });

  it("refuses a token with CR, LF or NUL before writing anything", async () => {
    const home = await temporaryDirectory();
    const source = await (await loadCliConfig({ env: { HOME: home } })).credentialsSource();
    const failure = source.storeForHost(
      h("a.example"),
      HostCredentials.fromToken("line\nbreak-secret", "tofu login"),
    );
    await expect(failure).rejects.toMatchObject({ code: "TOFUKIT_CREDENTIALS_INVALID_TOKEN" });
    await expect(failure).rejects.not.toThrow("break-secret");
    await expect(readFile(source.credentialsFile, "utf8")).rejects.toThrow();
  });
});
