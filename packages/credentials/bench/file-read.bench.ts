// The file read path: loading a CLI configuration (main file + config directory) and a credentials lookup.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { forComparison } from "@tofukit/hostname";
import { afterAll, bench, describe } from "vitest";
import { loadCliConfig } from "../src/index.js";

const home = mkdtempSync(join(tmpdir(), "tofukit-credentials-bench-"));
const dir = join(home, ".terraform.d");
mkdirSync(dir);
const credentials: Record<string, { token: string }> = {};
for (let i = 0; i < 50; i++) credentials[`host${i}.example.com`] = { token: `token-${i}` };
writeFileSync(join(dir, "credentials.tfrc.json"), JSON.stringify({ credentials }, null, 2));
writeFileSync(
  join(home, ".tofurc"),
  `plugin_cache_dir = "$HOME/.terraform.d/plugin-cache"
credentials "app.terraform.io" {
  token = "main"
}
host "registry.example.com" {
  services = {
    "modules.v1" = "https://registry.example.com/modules/"
  }
}
`,
);
const env = { HOME: home };
const config = await loadCliConfig({ env });
const source = await config.credentialsSource();
const host = forComparison("host42.example.com");

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe("CLI configuration files", () => {
  bench("loadCliConfig (.tofurc + 50-host credentials.tfrc.json)", async () => {
    await loadCliConfig({ env });
  });
  bench("loadCliConfig + credentialsSource", async () => {
    await (await loadCliConfig({ env })).credentialsSource();
  });
  bench("forHost from a credentials block", async () => {
    await source.forHost(host);
  });
});
