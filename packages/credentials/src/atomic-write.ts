// Replacing a file in one step: a 0600 temporary file in the same directory, fsync, rename, fsync the
// directory. OpenTofu does the same minus the fsyncs, with the same error texts.
import { randomInt } from "node:crypto";
import { chmod, open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { CredentialsError } from "./credentials-error.js";
import { errorCode, goPathError } from "./system-error.js";

export interface AtomicWriteOptions {
  /** Called after the temporary file is complete and before the rename (tests stop here). */
  readonly beforeRename?: (temporaryPath: string) => Promise<void>;
}

/** Writes `data` to `target` through a temporary file, so readers see the old file or the new one. */
export async function writeFileAtomic(
  target: string,
  data: string,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const dir = dirname(target);
  const { handle, path: temporary } = await createTemporary(dir, basename(target), target);
  let moved = false;
  try {
    try {
      await handle.writeFile(data, "utf8");
      await handle.sync();
    } catch (error) {
      throw writeFailed(
        `cannot write to temporary file ${temporary}: ${goPathError("write", temporary, error)}`,
        target,
        error,
      );
    } finally {
      await handle.close();
    }
    await options.beforeRename?.(temporary);
    try {
      await rename(temporary, target);
      moved = true;
    } catch (error) {
      throw writeFailed(
        `failed to replace ${target} with temporary file ${temporary}: ${goPathError("rename", `${temporary} ${target}`, error)}`,
        target,
        error,
      );
    }
    try {
      await chmod(target, 0o600);
    } catch (error) {
      throw writeFailed(
        `cannot set mode for credentials file ${target}: ${goPathError("chmod", target, error)}`,
        target,
        error,
      );
    }
    await syncDirectory(dir);
  } finally {
    if (!moved) await unlink(temporary).catch(() => undefined);
  }
}

/** `os.CreateTemp(dir, name)`: the name plus random digits, so it never matches `*.tfrc.json`. */
async function createTemporary(dir: string, name: string, target: string) {
  for (let attempt = 0; ; attempt++) {
    const path = join(dir, `${name}${randomInt(0, 2 ** 32)}`);
    try {
      return { handle: await open(path, "wx", 0o600), path };
    } catch (error) {
      if (errorCode(error) === "EEXIST" && attempt < 100) continue;
      throw writeFailed(
        `cannot create temporary file to update credentials: ${goPathError("open", path, error)}`,
        target,
        error,
      );
    }
  }
}

/** Makes the rename itself durable; not every file system allows syncing a directory. */
async function syncDirectory(dir: string): Promise<void> {
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the rename has happened; only its durability across a power cut is at stake.
  }
}

function writeFailed(message: string, file: string, cause: unknown): CredentialsError {
  return new CredentialsError("TOFUKIT_CREDENTIALS_WRITE_FAILED", message, { file, cause });
}
