import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { forComparison } from "@tofukit/hostname";
import { describe, expect, it } from "vitest";
import { temporaryDirectory, writeScript, writeText } from "../test/temporary-directory.js";
import { CredentialsError } from "./credentials-error.js";
import { helperSource } from "./helper-program.js";
import { HostCredentials } from "./host-credentials.js";

const host = forComparison("Bücher.example:8443");

/** A helper that records its arguments and stdin in `log`, then prints `stdout`. */
function recorder(log: string, stdout: string): string {
  return `
const fs = require("node:fs");
let input = "";
try { input = fs.readFileSync(0, "utf8"); } catch {}
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ argv: process.argv.slice(2), input }) + "\\n");
process.stdout.write(${JSON.stringify(stdout)});`;
}

async function calls(log: string): Promise<{ argv: string[]; input: string }[]> {
  const text = await readFile(log, "utf8");
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
}

async function helperPrinting(stdout: string, stderr = "", exitCode = 0): Promise<string> {
  const dir = await temporaryDirectory();
  return writeScript(
    join(dir, "terraform-credentials-test"),
    `process.stdout.write(${JSON.stringify(stdout)}); process.stderr.write(${JSON.stringify(stderr)}); process.exitCode = ${exitCode};`,
  );
}

describe("helperSource get", () => {
  it("runs the program with its args, the verb and the punycode host with port", async () => {
    const dir = await temporaryDirectory();
    const log = join(dir, "log");
    const program = await writeScript(
      join(dir, "helper"),
      recorder(log, '{"token":"from-helper","extra":1}'),
    );
    const credentials = await helperSource(program, ["--profile", "work"]).forHost(host);
    expect(credentials?.token()).toBe("from-helper");
    expect(credentials?.origin).toBe(`credentials helper ${program}`);
    expect(await calls(log)).toEqual([
      { argv: ["--profile", "work", "get", "xn--bcher-kva.example:8443"], input: "" },
    ]);
  });

  it.each([
    ["{}"],
    ["null"],
    ['{"token":123}'],
    ['{"username":"x","password":"y"}'],
    [' {"token": null} \n'],
  ])("reads %s as no credentials", async (stdout) => {
    expect(await helperSource(await helperPrinting(stdout)).forHost(host)).toBeNull();
  });

  it("ignores stderr when the helper succeeds", async () => {
    const program = await helperPrinting('{"token":"t"}', "a warning\n");
    expect((await helperSource(program).forHost(host))?.token()).toBe("t");
  });

  it.each([
    ["", "unexpected end of JSON input"],
    ["[]", "json: cannot unmarshal array into Go value of type map[string]interface {}"],
    ['"token"', "json: cannot unmarshal string into Go value of type map[string]interface {}"],
    ["Password: ", "invalid character 'P' looking for beginning of value"],
    ['{"token":"t"}\n{"token":"u"}', "invalid character '{' after top-level value"],
  ])("reports output %j as malformed: %s", async (stdout, reason) => {
    const program = await helperPrinting(stdout);
    const failure = helperSource(program).forHost(host);
    await expect(failure).rejects.toThrow(CredentialsError);
    await expect(failure).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_HELPER_MALFORMED",
      message: `malformed output from ${program}: ${reason}`,
      program,
    });
  });

  it("reports a failure with the helper's stderr verbatim", async () => {
    const program = await helperPrinting("", "no such account\n", 3);
    await expect(helperSource(program).forHost(host)).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_HELPER_FAILED",
      message: `error in ${program}: no such account\n`,
    });
  });

  it("reports a silent failure as OpenTofu does", async () => {
    const program = await helperPrinting('{"token":"ignored"}', "", 1);
    await expect(helperSource(program).forHost(host)).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_HELPER_FAILED",
      message: `error in ${program}, but it produced no error message`,
    });
  });

  it("reports a crashing helper as failed", async () => {
    const dir = await temporaryDirectory();
    const program = await writeScript(join(dir, "crash"), 'throw new Error("kaboom");');
    const failure = helperSource(program).forHost(host);
    await expect(failure).rejects.toMatchObject({ code: "TOFUKIT_CREDENTIALS_HELPER_FAILED" });
    await expect(failure).rejects.toThrow(/^error in .*crash: [\s\S]*kaboom/);
  });

  it("reports a program that cannot be started", async () => {
    const dir = await temporaryDirectory();
    const missing = join(dir, "missing");
    await expect(helperSource(missing).forHost(host)).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_HELPER_START_FAILED",
      message: `failed to run ${missing}: fork/exec ${missing}: no such file or directory`,
    });
    const notExecutable = await writeText(join(dir, "plain"), "{}", 0o644);
    await expect(helperSource(notExecutable).forHost(host)).rejects.toMatchObject({
      message: `failed to run ${notExecutable}: fork/exec ${notExecutable}: permission denied`,
    });
  });

  it("stops a helper that hangs, with a clear error, and kills it", async () => {
    const dir = await temporaryDirectory();
    const pidFile = join(dir, "pid");
    // A shell script, not Node: it has written its pid long before the timeout even on a busy
    // machine, where starting Node can take longer than the timeout itself.
    const program = await writeText(
      join(dir, "hang"),
      `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 1000\n`,
      0o755,
    );
    const failure = helperSource(program, [], { timeoutMs: 300 }).forHost(host);
    await expect(failure).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_HELPER_TIMEOUT",
      message: `credentials helper ${program} did not finish within 300 ms and was stopped; check that it does not wait for input, or raise the timeout`,
    });
    const pid = Number(await readFile(pidFile, "utf8"));
    await expect.poll(() => alive(pid), { timeout: 2000, interval: 20 }).toBe(false);
  });

  it("stops the helper when the lookup is aborted", async () => {
    const dir = await temporaryDirectory();
    const program = await writeScript(join(dir, "slow"), "setTimeout(() => {}, 10000);");
    const controller = new AbortController();
    const failure = helperSource(program).forHost(host, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(failure).rejects.toMatchObject({ code: "TOFUKIT_CREDENTIALS_ABORTED" });
    await expect(helperSource(program).forHost(host, { signal: AbortSignal.abort() })).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_ABORTED",
    });
  });
});

describe("helperSource store and forget", () => {
  it("stores by writing the credentials as compact JSON on stdin", async () => {
    const dir = await temporaryDirectory();
    const log = join(dir, "log");
    const program = await writeScript(join(dir, "helper"), recorder(log, "ignored output"));
    await helperSource(program, ["x"]).storeForHost(host, HostCredentials.fromToken("a<b&c"));
    expect(await calls(log)).toEqual([
      { argv: ["x", "store", "xn--bcher-kva.example:8443"], input: '{"token":"a\\u003cb\\u0026c"}' },
    ]);
  });

  it("forgets with no input", async () => {
    const dir = await temporaryDirectory();
    const log = join(dir, "log");
    const program = await writeScript(join(dir, "helper"), recorder(log, ""));
    await helperSource(program).forgetForHost(host);
    expect(await calls(log)).toEqual([{ argv: ["forget", "xn--bcher-kva.example:8443"], input: "" }]);
  });

  it("does not mind a helper that exits without reading its input", async () => {
    const program = await helperPrinting("");
    await helperSource(program).storeForHost(host, HostCredentials.fromToken("x".repeat(1 << 20)));
  });

  it("reports a failed store without the token in the message", async () => {
    const program = await helperPrinting("", "", 2);
    const failure = helperSource(program).storeForHost(host, HostCredentials.fromToken("super-secret"));
    await expect(failure).rejects.toMatchObject({
      message: `error in ${program}, but it produced no error message`,
    });
  });

  it("refuses a token with a newline before running the helper", async () => {
    const dir = await temporaryDirectory();
    const log = join(dir, "log");
    const program = await writeScript(join(dir, "helper"), recorder(log, ""));
    await expect(
      helperSource(program).storeForHost(host, HostCredentials.fromToken("secret\n")),
    ).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_INVALID_TOKEN",
    });
    await expect(readFile(log, "utf8")).rejects.toThrow();
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("helperSource program path", () => {
  it("resolves a relative program against the working directory and never searches $PATH", async () => {
    await expect(helperSource("node").forHost(host)).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_HELPER_START_FAILED",
      message: expect.stringContaining(`failed to run ${join(process.cwd(), "node")}: fork/exec`),
    });
  });
});
