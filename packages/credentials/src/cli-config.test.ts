import { join } from "node:path";
import { inspect } from "node:util";
import { forComparison } from "@tofukit/hostname";
import { describe, expect, it } from "vitest";
import { temporaryDirectory, writeText } from "../test/temporary-directory.js";
import { loadCliConfig } from "./cli-config.js";
import { JsonNumber } from "./json-decode.js";

const tofurc = `
# The main CLI configuration file.
plugin_cache_dir   = "\${HOME}/.terraform.d/plugin-cache"
disable_checkpoint = true
retries            = 3

credentials "app.terraform.io" {
  token = "main-token"
}

credentials "Registry.Example.com:443" {
  token    = "registry-token"
  username = "kept"
}

credentials_helper "vault" {
  args = ["--profile", "work", 42]
}

host "registry.example.com" {
  services = {
    "modules.v1" = "https://registry.example.com/modules/"
    "login.v1"   = { client = "cli", grant_types = ["authz_code"] }
  }
}

provider_installation {
  direct {
    exclude = ["example.com/*/*"]
  }
}
`;

async function fakeHome() {
  const home = await temporaryDirectory();
  return { home, env: { HOME: home }, dir: join(home, ".terraform.d") };
}

describe("loadCliConfig", () => {
  it("reads the blocks of an HCL ~/.tofurc and keeps every other setting as written", async () => {
    const { home, env } = await fakeHome();
    const file = await writeText(join(home, ".tofurc"), tofurc);
    const config = await loadCliConfig({ env });
    expect(config.diagnostics).toEqual([]);
    expect(config.files).toEqual([file]);
    const block = config.credentials.get("app.terraform.io");
    expect([block?.label, block?.host, block?.attributes, block?.file]).toEqual([
      "app.terraform.io",
      "app.terraform.io",
      { token: "main-token" },
      file,
    ]);
    expect(config.credentials.get("Registry.Example.com:443")?.host).toBe("registry.example.com");
    expect(config.credentials.get("Registry.Example.com:443")?.attributes.username).toBe("kept");
    expect(config.credentialsHelper).toEqual({ name: "vault", args: ["--profile", "work", "42"], file });
    expect(config.hosts.get("registry.example.com")?.services).toEqual({
      "modules.v1": "https://registry.example.com/modules/",
      "login.v1": { client: "cli", grant_types: ["authz_code"] },
    });
    expect(config.hostServices().get(forComparison("registry.example.com"))?.["modules.v1"]).toBe(
      "https://registry.example.com/modules/",
    );
    // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL 1 has no templates, the text is kept as written.
    expect(config.settings.get("plugin_cache_dir")).toBe("${HOME}/.terraform.d/plugin-cache");
    expect(config.settings.get("disable_checkpoint")).toBe(true);
    expect(config.settings.get("retries")).toEqual(new JsonNumber("3"));
    expect(config.settings.get("provider_installation")).toEqual([
      { direct: [{ exclude: ["example.com/*/*"] }] },
    ]);
    expect(config.credentialsFile).toBe(join(home, ".terraform.d", "credentials.tfrc.json"));
  });

  it("merges the config directory's *.tfrc and *.tfrc.json files in name order over the main file", async () => {
    const { home, env, dir } = await fakeHome();
    const main = await writeText(
      join(home, ".tofurc"),
      'credentials "a.example" { token = "main" }\nsetting = "main"',
    );
    const b = await writeText(join(dir, "b.tfrc"), 'credentials "a.example" { token = "b" }\nsetting = "b"');
    const credentialsFile = await writeText(
      join(dir, "credentials.tfrc.json"),
      JSON.stringify({ credentials: { "c.example": { token: "c" } }, setting: "json" }),
    );
    await writeText(join(dir, "notes.txt"), "not a config file");
    await writeText(join(dir, "credentials.tfrc.json123"), "{ broken");
    const config = await loadCliConfig({ env });
    expect(config.files).toEqual([main, b, credentialsFile]);
    expect(config.credentials.get("a.example")?.attributes.token).toBe("b");
    expect(config.credentials.get("c.example")?.file).toBe(credentialsFile);
    expect(config.settings.get("setting")).toBe("json");
    expect(config.diagnostics).toEqual([]);
  });

  it("reads a file as JSON when it starts with {, whatever its name, as HCL 1 does", async () => {
    const { home, env } = await fakeHome();
    await writeText(
      join(home, ".tofurc"),
      '{"credentials": {"a.example": {"token": "json"}}, "credentials_helper": {"pass": {"args": ["x"]}}, "host": {"h.example": {"services": {"modules.v1": "/m/"}}}}',
    );
    const config = await loadCliConfig({ env });
    expect(config.credentials.get("a.example")?.attributes).toEqual({ token: "json" });
    expect(config.credentialsHelper?.args).toEqual(["x"]);
    expect(config.hosts.get("h.example")?.services).toEqual({ "modules.v1": "/m/" });
  });

  it("reports OpenTofu's messages for invalid hostnames and extra helpers, and ignores those blocks", async () => {
    const { home, env, dir } = await fakeHome();
    await writeText(
      join(home, ".tofurc"),
      `credentials "xn--mnchen-3ya.de" { token = "x" }
credentials "example.com:99999" { token = "y" }
host "foo_bar.com" { services = {} }
credentials_helper "one" {}`,
    );
    await writeText(join(dir, "helper.tfrc"), 'credentials_helper "two" {}');
    const config = await loadCliConfig({ env });
    expect(config.diagnostics.map((d) => [d.severity, d.summary])).toEqual([
      ["error", 'The host "foo_bar.com" block has an invalid hostname: idna: disallowed rune U+005F'],
      [
        "error",
        'The credentials "example.com:99999" block has an invalid hostname: port number is greater than 65535',
      ],
      [
        "error",
        'The credentials "xn--mnchen-3ya.de" block has an invalid hostname: hostname label "xn--mnchen-3ya" specified in punycode format; service hostnames must be given in unicode',
      ],
      ["error", "No more than one credentials_helper block may be specified"],
    ]);
    expect(config.credentials.get("xn--mnchen-3ya.de")?.host).toBeNull();
    expect(config.credentialsHelper).toBeNull();
  });

  it("flags two credentials blocks for one host and uses the one merged last", async () => {
    const { home, env, dir } = await fakeHome();
    await writeText(join(home, ".tofurc"), 'credentials "Example.com" { token = "first" }');
    const later = await writeText(join(dir, "z.tfrc"), 'credentials "example.com" { token = "second" }');
    const config = await loadCliConfig({ env });
    expect(config.diagnostics).toEqual([
      {
        severity: "warning",
        summary: "Several credentials blocks are for the host example.com",
        detail: `The blocks "Example.com", "example.com" all name the same host; the one in ${later} ("example.com") is used. Keep only one.`,
        extra: { file: later },
      },
    ]);
    const source = await config.credentialsSource();
    expect((await source.forHost(forComparison("example.com")))?.token()).toBe("second");
  });

  it("reads only TF_CLI_CONFIG_FILE when it is set, and warns when it does not exist", async () => {
    const { home, dir } = await fakeHome();
    const custom = await writeText(join(home, "custom.tfrc"), 'credentials "a.example" { token = "custom" }');
    await writeText(join(home, ".tofurc"), 'credentials "b.example" { token = "ignored" }');
    await writeText(join(dir, "c.tfrc"), 'credentials "c.example" { token = "ignored" }');
    const config = await loadCliConfig({ env: { HOME: home, TF_CLI_CONFIG_FILE: custom } });
    expect(config.files).toEqual([custom]);
    expect([...config.credentials.keys()]).toEqual(["a.example"]);

    const missing = join(home, "missing.tfrc");
    const empty = await loadCliConfig({ env: { HOME: home, TERRAFORM_CONFIG: missing } });
    expect(empty.files).toEqual([]);
    expect(empty.diagnostics).toEqual([
      {
        severity: "warning",
        summary: "Unable to open CLI configuration file",
        detail: `The CLI configuration file at "${missing}" does not exist.`,
        extra: { file: missing },
      },
    ]);
  });

  it("reports unreadable and unparsable files and still reads the others", async () => {
    const { home, env, dir } = await fakeHome();
    await writeText(join(home, ".tofurc"), 'credentials "a.example" {\n  token = \n}');
    const broken = await writeText(join(dir, "broken.tfrc.json"), '{"credentials": ');
    await writeText(join(dir, "ok.tfrc"), 'credentials "b.example" { token = "b" }');
    await writeText(join(dir, "expr.tfrc"), 'credentials "c.example" { token = upper("x") }');
    const config = await loadCliConfig({ env });
    const summaries = config.diagnostics.map((d) => d.summary);
    expect(summaries).toHaveLength(3);
    expect(summaries[0]).toMatch(new RegExp(`^Error parsing ${join(home, ".tofurc")}:`));
    expect(summaries[1]).toBe(`Error parsing ${broken}: unexpected end of JSON input`);
    expect(summaries[2]).toMatch(/^Error parsing .*expr\.tfrc: .*the value of "token" must be a constant$/);
    expect([...config.credentials.keys()]).toEqual(["c.example", "b.example"]);
    expect(config.credentials.get("c.example")?.attributes).toEqual({});
  });

  it("never shows a configured token when the configuration is printed or serialized", async () => {
    const { home, env } = await fakeHome();
    await writeText(join(home, ".tofurc"), tofurc);
    const config = await loadCliConfig({ env });
    const source = await config.credentialsSource();
    for (const rendering of [
      inspect(config, { depth: 20, showHidden: true }),
      inspect(source, { depth: 20, showHidden: true }),
      JSON.stringify([...config.credentials.values()]),
    ]) {
      expect(rendering).not.toContain("main-token");
      expect(rendering).not.toContain("registry-token");
    }
    expect(inspect(config.credentials.get("app.terraform.io"))).toContain("token: '[redacted]'");
  });

  it("treats a missing home configuration as empty", async () => {
    const { env } = await fakeHome();
    const config = await loadCliConfig({ env });
    expect(config.files).toEqual([]);
    expect(config.diagnostics).toEqual([]);
    expect(config.credentials.size).toBe(0);
  });
});
