// An exclusive lock file next to the credentials file, so writers in several processes take turns.
// OpenTofu has no lock (concurrent logins race and the last rename wins); this one serializes the
// read-modify-write so no writer loses another's entry, and recovers locks left by dead processes.
import { randomUUID } from "node:crypto";
import { open, readFile, stat, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { CredentialsError } from "./credentials-error.js";
import { errorCode, goPathError } from "./system-error.js";

export interface FileLockOptions {
  /** How long to wait for another writer before giving up. Default 10 s. */
  readonly timeoutMs?: number;
  /** A lock older than this is considered abandoned even when its owner cannot be checked. Default 30 s. */
  readonly staleMs?: number;
}

interface LockOwner {
  readonly pid: number;
  readonly host: string;
  readonly nonce: string;
}

/** Runs `action` while holding `lockPath`; the lock is released even when `action` throws. */
export async function withFileLock<T>(
  lockPath: string,
  action: () => Promise<T>,
  options: FileLockOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const staleMs = options.staleMs ?? 30_000;
  const owner: LockOwner = { pid: process.pid, host: hostname(), nonce: randomUUID() };
  const deadline = Date.now() + timeoutMs;
  let delay = 2;
  for (;;) {
    if (await tryCreate(lockPath, owner)) break;
    if (await removeIfStale(lockPath, staleMs)) continue;
    if (Date.now() >= deadline) {
      throw new CredentialsError(
        "TOFUKIT_CREDENTIALS_LOCK_TIMEOUT",
        `timed out after ${timeoutMs} ms waiting for the lock file ${lockPath}; if no other program is updating credentials, delete that file`,
        { file: lockPath },
      );
    }
    await sleep(delay + Math.random() * delay);
    delay = Math.min(delay * 2, 50);
  }
  try {
    return await action();
  } finally {
    await releaseIfOwned(lockPath, owner);
  }
}

async function tryCreate(lockPath: string, owner: LockOwner): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(lockPath, "wx", 0o600);
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw new CredentialsError(
      "TOFUKIT_CREDENTIALS_WRITE_FAILED",
      `cannot create lock file ${lockPath}: ${goPathError("open", lockPath, error)}`,
      { file: lockPath, cause: error },
    );
  }
  try {
    await handle.writeFile(JSON.stringify(owner));
  } finally {
    await handle.close();
  }
  return true;
}

/**
 * Removes a lock whose owner is gone: a process on this machine that no longer exists, or a lock
 * older than `staleMs`. The owner is read again right before removal, so a lock that changed hands
 * meanwhile is left alone.
 */
async function removeIfStale(lockPath: string, staleMs: number): Promise<boolean> {
  const before = await readOwner(lockPath);
  if (before === undefined) return true; // vanished: try again at once
  let stale = false;
  if (before !== null && before.host === hostname() && !processExists(before.pid)) stale = true;
  if (!stale) {
    try {
      const info = await stat(lockPath);
      // An unreadable or half-written lock (owner null) gets the age test only.
      stale = Date.now() - info.mtimeMs > staleMs;
    } catch {
      return true;
    }
  }
  if (!stale) return false;
  const again = await readOwner(lockPath);
  if (again === undefined) return true;
  if (again?.nonce !== before?.nonce) return false;
  try {
    await unlink(lockPath);
  } catch (error) {
    if (errorCode(error) !== "ENOENT") throw error;
  }
  return true;
}

async function releaseIfOwned(lockPath: string, owner: LockOwner): Promise<void> {
  const current = await readOwner(lockPath);
  if (current?.nonce !== owner.nonce) return;
  await unlink(lockPath).catch(() => undefined);
}

/** The lock's owner; `null` when unreadable or partial, `undefined` when the file is gone. */
async function readOwner(lockPath: string): Promise<LockOwner | null | undefined> {
  let text: string;
  try {
    text = await readFile(lockPath, "utf8");
  } catch (error) {
    return errorCode(error) === "ENOENT" ? undefined : null;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null) return null;
    const { pid, host, nonce } = parsed as Record<string, unknown>;
    if (typeof pid !== "number" || typeof host !== "string" || typeof nonce !== "string") return null;
    return { pid, host, nonce };
  } catch {
    return null;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM";
  }
}
