import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { temporaryDirectory, writeText } from "../test/temporary-directory.js";
import { configLocations } from "./config-locations.js";

describe("configLocations on Unix", () => {
  it("uses ~/.tofurc and ~/.terraform.d by default", async () => {
    const home = await temporaryDirectory();
    expect(configLocations({ env: {}, home, platform: "linux" })).toEqual({
      mainFile: join(home, ".tofurc"),
      mainFileOverridden: false,
      configDir: join(home, ".terraform.d"),
      credentialsFile: join(home, ".terraform.d", "credentials.tfrc.json"),
      dataDirs: [join(home, ".terraform.d")],
    });
  });

  it("takes HOME from the environment when no home is given", async () => {
    const home = await temporaryDirectory();
    expect(configLocations({ env: { HOME: home }, platform: "linux" }).mainFile).toBe(join(home, ".tofurc"));
  });

  it("falls back to the legacy ~/.terraformrc only when ~/.tofurc does not exist", async () => {
    const home = await temporaryDirectory();
    await writeText(join(home, ".terraformrc"), "");
    expect(configLocations({ env: {}, home }).mainFile).toBe(join(home, ".terraformrc"));
    await writeText(join(home, ".tofurc"), "");
    expect(configLocations({ env: {}, home }).mainFile).toBe(join(home, ".tofurc"));
  });

  it("uses $XDG_CONFIG_HOME/opentofu when neither the files nor ~/.terraform.d exist", async () => {
    const home = await temporaryDirectory();
    const xdg = join(home, ".config");
    const env = { XDG_CONFIG_HOME: xdg, XDG_DATA_HOME: join(home, ".data") };
    expect(configLocations({ env, home, platform: "linux" })).toMatchObject({
      mainFile: join(xdg, "opentofu", "tofurc"),
      configDir: join(xdg, "opentofu"),
      credentialsFile: join(xdg, "opentofu", "credentials.tfrc.json"),
      dataDirs: [join(home, ".terraform.d"), join(home, ".data", "opentofu")],
    });
    await mkdir(join(home, ".terraform.d"));
    expect(configLocations({ env, home, platform: "linux" }).configDir).toBe(join(home, ".terraform.d"));
  });

  it("lets TF_CLI_CONFIG_FILE, then TERRAFORM_CONFIG, override the main file", async () => {
    const home = await temporaryDirectory();
    expect(
      configLocations({ env: { TERRAFORM_CONFIG: "/b", TF_CLI_CONFIG_FILE: "/a" }, home }),
    ).toMatchObject({
      mainFile: "/a",
      mainFileOverridden: true,
      credentialsFile: join(home, ".terraform.d", "credentials.tfrc.json"),
    });
    expect(configLocations({ env: { TERRAFORM_CONFIG: "/b", TF_CLI_CONFIG_FILE: "" }, home }).mainFile).toBe(
      "/b",
    );
  });
});

describe("configLocations on Windows", () => {
  it("uses %APPDATA%", () => {
    expect(
      configLocations({ env: { APPDATA: "C:\\Users\\u\\AppData\\Roaming" }, platform: "win32" }),
    ).toEqual({
      mainFile: "C:\\Users\\u\\AppData\\Roaming\\tofu.rc",
      mainFileOverridden: false,
      configDir: "C:\\Users\\u\\AppData\\Roaming\\terraform.d",
      credentialsFile: "C:\\Users\\u\\AppData\\Roaming\\terraform.d\\credentials.tfrc.json",
      dataDirs: ["C:\\Users\\u\\AppData\\Roaming\\terraform.d"],
    });
  });
});
