import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { temporaryDirectory, writeScript } from "../test/temporary-directory.js";
import { findHelperProgram, goPlatform, parseVersion, pluginDirectories } from "./helper-discovery.js";

describe("pluginDirectories", () => {
  it("searches <data dir>/plugins and its per-platform subdirectory, in data-directory order", () => {
    expect(pluginDirectories(["/h/.terraform.d", "/x/opentofu"], "linux_amd64")).toEqual([
      "/h/.terraform.d/plugins",
      "/h/.terraform.d/plugins/linux_amd64",
      "/x/opentofu/plugins",
      "/x/opentofu/plugins/linux_amd64",
    ]);
  });

  it("names platforms as Go does", () => {
    expect(goPlatform("linux", "x64")).toBe("linux_amd64");
    expect(goPlatform("darwin", "arm64")).toBe("darwin_arm64");
    expect(goPlatform("win32", "ia32")).toBe("windows_386");
  });
});

describe("findHelperProgram", () => {
  it("finds a legacy unversioned helper", async () => {
    const dir = await temporaryDirectory();
    const program = await writeScript(join(dir, "terraform-credentials-vault"), "");
    expect(await findHelperProgram("vault", [dir])).toBe(program);
  });

  it("picks the newest version across directories (a release beats its pre-release), ignoring the protocol suffix and .exe", async () => {
    const one = await temporaryDirectory();
    const two = await temporaryDirectory();
    await writeScript(join(one, "terraform-credentials-vault"), "");
    await writeScript(join(one, "terraform-credentials-vault_v1.2.0"), "");
    const newest = await writeScript(join(two, "terraform-credentials-vault_v1.10.0_x5"), "");
    await writeScript(join(two, "terraform-credentials-vault_v1.9.9.exe"), "");
    await writeScript(join(two, "terraform-credentials-vault_v1.10.0-beta1"), "");
    await writeScript(join(two, "terraform-credentials-other_v9.0.0"), "");
    expect(await findHelperProgram("vault", [one, two])).toBe(newest);
  });

  it("prefers the earlier directory for the same version", async () => {
    const one = await temporaryDirectory();
    const two = await temporaryDirectory();
    const first = await writeScript(join(one, "terraform-credentials-vault_v1.0.0"), "");
    await writeScript(join(two, "terraform-credentials-vault_v1.0.0"), "");
    expect(await findHelperProgram("vault", [one, two])).toBe(first);
  });

  it("matches the rest of the file name lower-cased, so only lower-case configured names are found", async () => {
    const dir = await temporaryDirectory();
    const program = await writeScript(join(dir, "terraform-credentials-Vault_V1.0.0"), "");
    expect(await findHelperProgram("vault", [dir])).toBe(program);
    expect(await findHelperProgram("Vault", [dir])).toBeNull();
    await writeScript(join(dir, "Terraform-credentials-other"), "");
    expect(await findHelperProgram("other", [dir])).toBeNull();
  });

  it("skips directories, unparsable versions, missing directories and $PATH", async () => {
    const dir = await temporaryDirectory();
    await mkdir(join(dir, "terraform-credentials-vault_v3.0.0"));
    await writeScript(join(dir, "terraform-credentials-vault_vnext"), "");
    expect(await findHelperProgram("vault", [dir, join(dir, "missing")])).toBeNull();
    expect(await findHelperProgram("node", [])).toBeNull();
  });

  it("reads versions as go-version does", () => {
    expect(parseVersion("1")).toEqual({ segments: [1], prerelease: "" });
    expect(parseVersion("v1.2.3-beta.1+build")).toEqual({ segments: [1, 2, 3], prerelease: "beta.1" });
    expect(parseVersion("next")).toBeNull();
  });
});
