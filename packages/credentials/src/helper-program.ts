// Credentials helper programs: OpenTofu's protocol (`<args…> get|store|forget <host>`, JSON on
// stdout/stdin) and its error texts, plus what OpenTofu lacks: a timeout after which the child is killed.

import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { goJsonUnmarshalTypeError } from "@tofukit/gostd";
import type { Hostname } from "@tofukit/hostname";
import { CredentialsError } from "./credentials-error.js";
import type { CredentialsSource, LookupOptions } from "./credentials-source.js";
import { type Environment, environmentEntries } from "./environment.js";
import { HostCredentials } from "./host-credentials.js";
import { decodeJson, goKindOf, JsonSyntaxError, type JsonValue } from "./json-decode.js";
import { encodeJson } from "./json-encode.js";
import { goPathError, messageOf } from "./system-error.js";

export interface HelperOptions {
  /** How long one call may take before the helper is killed. Default 30 000 ms; `0` means no limit. */
  readonly timeoutMs?: number;
  /** The helper's environment. Default: this process's environment, as OpenTofu passes its own. */
  readonly env?: Environment;
  /** The helper's working directory. Default: this process's. */
  readonly cwd?: string;
}

const defaultHelperTimeoutMs = 30_000;

/**
 * A source that asks a helper program, as OpenTofu's HelperProgramCredentialsSource: `program` is run
 * with `[...args, verb, host]`. OpenTofu runs helpers by absolute path only: a relative path is taken
 * from the working directory and `$PATH` is never searched. Not cached: wrap it in {@link cachingSource} to ask once per host.
 */
export function helperSource(
  given: string,
  args: readonly string[] = [],
  options: HelperOptions = {},
): CredentialsSource {
  const program = resolve(given);
  const run = (verb: string, host: Hostname, stdin: string | undefined, lookup: LookupOptions | undefined) =>
    runHelper(program, [...args, verb, host], stdin, options, lookup?.signal);
  return {
    async forHost(host, lookup) {
      const stdout = await run("get", host, undefined, lookup);
      let value: JsonValue;
      try {
        value = decodeJson(stdout, "whole");
      } catch (error) {
        throw malformed(program, error instanceof JsonSyntaxError ? error.message : messageOf(error));
      }
      if (value === null) return null;
      if (!(value instanceof Map)) {
        throw malformed(program, goJsonUnmarshalTypeError(goKindOf(value), "map[string]interface {}"));
      }
      return HostCredentials.fromObject(value, `credentials helper ${program}`);
    },
    async storeForHost(host, credentials, lookup) {
      const token = credentials.token();
      await run("store", host, encodeJson(new Map([["token", token]]), false), lookup);
    },
    async forgetForHost(host, lookup) {
      await run("forget", host, undefined, lookup);
    },
  };
}

function malformed(program: string, reason: string): CredentialsError {
  return new CredentialsError(
    "TOFUKIT_CREDENTIALS_HELPER_MALFORMED",
    `malformed output from ${program}: ${reason}`,
    {
      program,
    },
  );
}

/** Runs the helper to completion and returns its stdout; stderr only matters when it fails. */
function runHelper(
  program: string,
  argv: string[],
  stdin: string | undefined,
  options: HelperOptions,
  signal: AbortSignal | undefined,
): Promise<string> {
  const timeoutMs = options.timeoutMs ?? defaultHelperTimeoutMs;
  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) {
      reject(aborted(program));
      return;
    }
    const child = spawn(program, argv, {
      stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
      ...(options.env === undefined ? {} : { env: Object.fromEntries(environmentEntries(options.env)) }),
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      windowsHide: true,
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    let settled = false;
    let timer: NodeJS.Timeout | undefined;

    const finish = (error: CredentialsError | null, output = "") => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (error === null) resolve(output);
      else reject(error);
    };
    // A helper that hangs is killed outright; its pipes are closed so that a grandchild still
    // holding them open cannot keep this call waiting.
    const stop = (error: CredentialsError) => {
      child.kill("SIGKILL");
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.stdin?.destroy();
      finish(error);
    };
    const onAbort = () => stop(aborted(program));

    if (timeoutMs > 0) {
      timer = setTimeout(
        () =>
          stop(
            new CredentialsError(
              "TOFUKIT_CREDENTIALS_HELPER_TIMEOUT",
              `credentials helper ${program} did not finish within ${timeoutMs} ms and was stopped; check that it does not wait for input, or raise the timeout`,
              { program },
            ),
          ),
        timeoutMs,
      );
    }
    signal?.addEventListener("abort", onAbort, { once: true });

    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error) => {
      finish(
        new CredentialsError(
          "TOFUKIT_CREDENTIALS_HELPER_START_FAILED",
          `failed to run ${program}: ${goPathError("fork/exec", program, error)}`,
          { program, cause: error },
        ),
      );
    });
    child.on("close", (code) => {
      if (code === 0) {
        finish(null, Buffer.concat(stdout).toString("utf8"));
        return;
      }
      const message = Buffer.concat(stderr).toString("utf8");
      finish(
        new CredentialsError(
          "TOFUKIT_CREDENTIALS_HELPER_FAILED",
          message.length > 0
            ? `error in ${program}: ${message}`
            : `error in ${program}, but it produced no error message`,
          { program },
        ),
      );
    });
    if (child.stdin !== null) {
      // A helper may exit without reading its input; that is its answer, not a failure here.
      child.stdin.on("error", () => undefined);
      child.stdin.end(stdin);
    }
  });
}

function aborted(program: string): CredentialsError {
  return new CredentialsError(
    "TOFUKIT_CREDENTIALS_ABORTED",
    `the call to credentials helper ${program} was aborted`,
    {
      program,
    },
  );
}
