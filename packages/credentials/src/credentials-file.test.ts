import { spawn } from "node:child_process";
import { once } from "node:events";
import {
  chmod,
  lstat,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { displayOf, forComparison, type Hostname } from "@tofukit/hostname";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { temporaryDirectory, writeText } from "../test/temporary-directory.js";
import { transpileSources } from "../test/transpiled-sources.js";
import { normalizeHost } from "./cli-credentials-source.js";
import { CredentialsError } from "./credentials-error.js";
import {
  type CredentialsFileWriteOptions,
  readCredentialsFileHosts,
  updateCredentialsFile,
} from "./credentials-file.js";

function store(path: string, given: string, token: string | null, options: CredentialsFileWriteOptions = {}) {
  const host = forComparison(given);
  return updateCredentialsFile(
    path,
    {
      host,
      displayKey: displayOf(host),
      value: token === null ? null : new Map([["token", token]]),
      normalize: normalizeHost,
    },
    options,
  );
}

const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe("updateCredentialsFile", () => {
  it("creates a missing directory (0700) and writes the file (0600) as OpenTofu formats it", async () => {
    const home = await temporaryDirectory();
    const dir = join(home, ".terraform.d");
    const path = join(dir, "credentials.tfrc.json");
    await store(path, "App.Terraform.io", "t1");
    expect(await readFile(path, "utf8")).toBe(
      '{\n  "credentials": {\n    "app.terraform.io": {\n      "token": "t1"\n    }\n  }\n}',
    );
    expect(await mode(dir)).toBe(0o700);
    expect(await mode(path)).toBe(0o600);
    expect(await readdir(dir)).toEqual(["credentials.tfrc.json"]);
  });

  it("tightens the mode of an existing file to 0600 and leaves an existing directory alone", async () => {
    const dir = await temporaryDirectory();
    await chmod(dir, 0o755);
    const path = await writeText(join(dir, "credentials.tfrc.json"), "{}", 0o644);
    await store(path, "example.com", "t");
    expect(await mode(path)).toBe(0o600);
    expect(await mode(dir)).toBe(0o755);
  });

  it("keeps other settings, other hosts and exact numbers, sorts keys and writes display keys", async () => {
    const dir = await temporaryDirectory();
    const path = await writeText(
      join(dir, "credentials.tfrc.json"),
      '{"zeta": 123456789012345678901234567890.50, "credentials": {"other.example": {"token": "o", "n": 1e400}}, "alpha": [true]}',
    );
    await store(path, "Bücher.example", "b");
    expect(await readFile(path, "utf8")).toBe(
      [
        "{",
        '  "alpha": [',
        "    true",
        "  ],",
        '  "credentials": {',
        '    "bücher.example": {',
        '      "token": "b"',
        "    },",
        '    "other.example": {',
        '      "n": 1e400,',
        '      "token": "o"',
        "    }",
        "  },",
        '  "zeta": 123456789012345678901234567890.50',
        "}",
      ].join("\n"),
    );
  });

  it("replaces every key naming the same host, but leaves punycode keys (they do not normalize)", async () => {
    const dir = await temporaryDirectory();
    const path = await writeText(
      join(dir, "credentials.tfrc.json"),
      JSON.stringify({
        credentials: {
          "EXAMPLE.com": { token: "1" },
          "example.com:443": { token: "2" },
          "xn--bcher-kva.example": { token: "3" },
          "BÜCHER.example": { token: "4" },
        },
      }),
    );
    await store(path, "example.com", "new");
    await store(path, "bücher.example", "new");
    const written = JSON.parse(await readFile(path, "utf8"));
    expect(written.credentials).toEqual({
      "example.com": { token: "new" },
      "bücher.example": { token: "new" },
      "xn--bcher-kva.example": { token: "3" },
    });
  });

  it("escapes < > & as Go does", async () => {
    const dir = await temporaryDirectory();
    const path = join(dir, "credentials.tfrc.json");
    await store(path, "example.com", "a<b>&c");
    expect(await readFile(path, "utf8")).toContain('"token": "a\\u003cb\\u003e\\u0026c"');
  });

  it("forgets a host, leaving an empty credentials object when it was the last", async () => {
    const dir = await temporaryDirectory();
    const path = join(dir, "credentials.tfrc.json");
    await store(path, "example.com", "t");
    await store(path, "EXAMPLE.COM", null);
    expect(await readFile(path, "utf8")).toBe('{\n  "credentials": {}\n}');
  });

  it("drops anything after the first JSON value, as OpenTofu's rewrite does", async () => {
    const dir = await temporaryDirectory();
    const path = await writeText(join(dir, "credentials.tfrc.json"), '{"credentials": {}} this is garbage');
    await store(path, "example.com", "t");
    expect(JSON.parse(await readFile(path, "utf8"))).toEqual({
      credentials: { "example.com": { token: "t" } },
    });
  });

  it.each([
    [
      '{"credentials": []}',
      'credentials file PATH has invalid value for "credentials" property: must be a JSON object',
    ],
    [
      '{"credentials": null}',
      'credentials file PATH has invalid value for "credentials" property: must be a JSON object',
    ],
    ["[]", "cannot read PATH: json: cannot unmarshal array into Go value of type map[string]interface {}"],
    ['{"credentials": ', "cannot read PATH: unexpected EOF"],
    ["{oops}", "cannot read PATH: invalid character 'o' looking for beginning of object key string"],
  ])("refuses to rewrite %s and leaves it untouched", async (text, message) => {
    const dir = await temporaryDirectory();
    const path = await writeText(join(dir, "credentials.tfrc.json"), text);
    const failure = store(path, "example.com", "secret-token");
    await expect(failure).rejects.toThrow(CredentialsError);
    await expect(failure).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_FILE_INVALID",
      message: message.replace("PATH", path),
    });
    expect(await readFile(path, "utf8")).toBe(text);
    expect(await readdir(dir)).toEqual(["credentials.tfrc.json"]);
  });

  it("refuses to write through a symbolic link, leaving the link and its target alone", async () => {
    const dir = await temporaryDirectory();
    const target = await writeText(join(dir, "elsewhere.json"), '{"credentials": {}}');
    const path = join(dir, "credentials.tfrc.json");
    await symlink(target, path);
    const failure = store(path, "example.com", "t");
    await expect(failure).rejects.toMatchObject({ code: "TOFUKIT_CREDENTIALS_FILE_SYMLINK" });
    await expect(failure).rejects.toThrow(`refusing to update ${path}: it is a symbolic link to ${target}`);
    expect((await lstat(path)).isSymbolicLink()).toBe(true);
    expect(await readFile(target, "utf8")).toBe('{"credentials": {}}');
  });

  it("recovers a lock left by a process that no longer exists", async () => {
    const dir = await temporaryDirectory();
    const path = join(dir, "credentials.tfrc.json");
    const dead = spawn(process.execPath, ["-e", ""]);
    await once(dead, "exit");
    await writeFile(
      `${path}.lock`,
      JSON.stringify({ pid: dead.pid, host: (await import("node:os")).hostname(), nonce: "x" }),
    );
    await store(path, "example.com", "t", { timeoutMs: 2000 });
    expect(JSON.parse(await readFile(path, "utf8")).credentials["example.com"].token).toBe("t");
    await expect(stat(`${path}.lock`)).rejects.toThrow();
  });

  it("recovers a lock older than the stale age, even one it cannot read", async () => {
    const dir = await temporaryDirectory();
    const path = join(dir, "credentials.tfrc.json");
    await writeFile(`${path}.lock`, "");
    const old = new Date(Date.now() - 60_000);
    await utimes(`${path}.lock`, old, old);
    await store(path, "example.com", "t", { timeoutMs: 2000, staleMs: 30_000 });
    expect(JSON.parse(await readFile(path, "utf8")).credentials["example.com"].token).toBe("t");
  });

  it("waits for a live lock and gives up with a clear error", async () => {
    const dir = await temporaryDirectory();
    const path = join(dir, "credentials.tfrc.json");
    await writeFile(
      `${path}.lock`,
      JSON.stringify({ pid: process.pid, host: (await import("node:os")).hostname(), nonce: "x" }),
    );
    await expect(store(path, "example.com", "t", { timeoutMs: 200 })).rejects.toMatchObject({
      code: "TOFUKIT_CREDENTIALS_LOCK_TIMEOUT",
      message: `timed out after 200 ms waiting for the lock file ${path}.lock; if no other program is updating credentials, delete that file`,
    });
    await expect(stat(path)).rejects.toThrow();
  });

  it("serializes writers in one process", async () => {
    const dir = await temporaryDirectory();
    const path = join(dir, "credentials.tfrc.json");
    await Promise.all(Array.from({ length: 10 }, (_, i) => store(path, `host${i}.example`, `t${i}`)));
    expect(Object.keys(JSON.parse(await readFile(path, "utf8")).credentials)).toHaveLength(10);
  });
});

describe("updateCredentialsFile across processes", () => {
  let modules: string;
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), "tofukit-credentials-modules-"));
    modules = await transpileSources(dir, [
      "atomic-write",
      "credentials-error",
      "credentials-file",
      "file-lock",
      "json-decode",
      "json-encode",
      "read-config-file",
      "system-error",
      "utf8-order",
    ]);
    await writeFile(
      join(dir, "store.js"),
      `import { updateCredentialsFile } from "./credentials-file.js";
const [path, host, token, mode] = process.argv.slice(2);
const hang = async () => { process.stdout.write("ready\\n"); setInterval(() => {}, 1000); await new Promise(() => {}); };
await updateCredentialsFile(path, { host, displayKey: host, value: new Map([["token", token]]), normalize: (k) => k.toLowerCase() },
  mode === "hang" ? { beforeRename: hang } : {});`,
    );
  }, 30_000);
  afterAll(() => rm(modules, { recursive: true, force: true }));

  const run = (args: string[]) =>
    spawn(process.execPath, [join(modules, "store.js"), ...args], { stdio: ["ignore", "pipe", "pipe"] });

  it("keeps every entry when 20 processes store 20 hosts at once", async () => {
    const dir = await temporaryDirectory();
    const path = join(dir, "nested", "credentials.tfrc.json");
    const children = Array.from({ length: 20 }, (_, i) => run([path, `host${i}.example`, `token${i}`]));
    const codes = await Promise.all(children.map(async (child) => (await once(child, "exit"))[0]));
    expect(codes).toEqual(Array(20).fill(0));
    const written = JSON.parse(await readFile(path, "utf8"));
    expect(Object.keys(written.credentials).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `host${i}.example`).sort(),
    );
    for (let i = 0; i < 20; i++)
      expect(written.credentials[`host${i}.example`]).toEqual({ token: `token${i}` });
    expect(await mode(path)).toBe(0o600);
    expect(await readdir(join(dir, "nested"))).toEqual(["credentials.tfrc.json"]);
  }, 30_000);

  it("leaves the previous file intact when a writer is killed mid-write, and the next writer recovers", async () => {
    const dir = await temporaryDirectory();
    const path = join(dir, "credentials.tfrc.json");
    await store(path, "before.example", "old");
    const previous = await readFile(path, "utf8");

    const child = run([path, "killed.example", "lost"]);
    child.kill("SIGKILL");
    await once(child, "exit");
    const writer = run([path, "killed.example", "lost", "hang"]);
    const ready = await Promise.race([
      once(writer.stdout, "data"),
      once(writer, "exit").then(() => ["exited"]),
    ]);
    expect(String(ready[0])).toBe("ready\n");
    // The new content is complete in a temporary file, and the lock is held.
    const names = await readdir(dir);
    expect(names).toContain("credentials.tfrc.json.lock");
    expect(names.some((name) => /^credentials\.tfrc\.json\d+$/.test(name))).toBe(true);
    writer.kill("SIGKILL");
    await once(writer, "exit");

    expect(await readFile(path, "utf8")).toBe(previous);
    await store(path, "after.example", "new", { timeoutMs: 5000 });
    const written = JSON.parse(await readFile(path, "utf8"));
    expect(written.credentials).toEqual({
      "before.example": { token: "old" },
      "after.example": { token: "new" },
    });
  }, 30_000);
});

describe("readCredentialsFileHosts", () => {
  it("lists the normalized hosts, skipping keys that are not valid hostnames", async () => {
    const dir = await temporaryDirectory();
    const path = await writeText(
      join(dir, "credentials.tfrc.json"),
      JSON.stringify({
        credentials: { "Example.COM": {}, "xn--bcher-kva.example": {}, "bücher.example:443": {} },
      }),
    );
    expect([...(await readCredentialsFileHosts(path, normalizeHost))].sort()).toEqual([
      "example.com",
      "xn--bcher-kva.example",
    ] satisfies string[] as Hostname[]);
  });

  it("finds no hosts in a missing, malformed or oddly shaped file", async () => {
    const dir = await temporaryDirectory();
    expect((await readCredentialsFileHosts(join(dir, "missing.json"), normalizeHost)).size).toBe(0);
    for (const text of ["{", '{"credentials": []}', "[]", '{"credentials": {}} trailing']) {
      const path = await writeText(join(dir, "c.json"), text);
      expect((await readCredentialsFileHosts(path, normalizeHost)).size).toBe(0);
    }
  });
});
