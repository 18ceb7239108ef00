// What downloading a provider package involves beside the requests themselves: its options and
// limits, what it gives back, and how each way of failing becomes a RegistryClientError.
import { RegistryClientError, type RegistryClientErrorCode } from "./client-error.js";
import type { Deadline } from "./deadline.js";
import type { ProviderPackageAuthentication } from "./package-signature.js";
import { BodyProblem } from "./response-body.js";
import { RequestFailure, statusOf } from "./retry-policy.js";

export interface DownloadOptions {
  readonly signal?: AbortSignal;
  /** Milliseconds each file may take, retries and body included: 10 s for SHA256SUMS and its signature, 10 min for the package by default. */
  readonly timeout?: number;
  /** The largest package accepted, in bytes: 1 GiB by default. SHA256SUMS and signatures may have 1 MiB. */
  readonly maxPackageBytes?: number;
  /** Retries of the package download: OpenTofu's TF_PROVIDER_DOWNLOAD_RETRY, 2 by default. */
  readonly packageRetries?: number;
}

/** A provider package and the documents that vouch for it, as downloaded. */
export interface ProviderPackageFiles {
  readonly archive: Uint8Array;
  readonly sha256sums: Uint8Array;
  readonly signature: Uint8Array;
}

/** A downloaded package that passed every check, with its hashes and how it was authenticated. */
export interface VerifiedProviderPackage extends ProviderPackageAuthentication {
  readonly archive: Uint8Array;
}

export const DOCUMENT_LIMIT = 1 << 20;
export const DOCUMENT_TIMEOUT = 10_000;
export const PACKAGE_LIMIT = 1 << 30;
export const PACKAGE_TIMEOUT = 600_000;

export type DownloadFailure = (
  reason: string,
  code: RegistryClientErrorCode,
  extra: { status?: number; cause?: unknown },
) => RegistryClientError;

// What went wrong in a download, as a RegistryClientError: the caller's cancellation, the
// deadline, a body over its limit or shorter than declared, or a failed request.
export function downloadError(
  error: unknown,
  deadline: Deadline,
  signal: AbortSignal | undefined,
  wrap: DownloadFailure,
  interrupted: string,
): RegistryClientError {
  if (error instanceof RegistryClientError) return error;
  if (signal?.aborted)
    return new RegistryClientError("TOFUKIT_REGISTRY_QUERY_FAILED", interrupted, { cause: error });
  if (deadline.expired()) {
    const reason =
      error instanceof RequestFailure && error.message.endsWith("context deadline exceeded")
        ? error.message
        : "context deadline exceeded";
    return wrap(reason, "TOFUKIT_REGISTRY_TIMEOUT", { cause: error });
  }
  if (error instanceof BodyProblem) {
    return wrap(
      error.message,
      error.kind === "too-large" ? "TOFUKIT_REGISTRY_DOWNLOAD_TOO_LARGE" : "TOFUKIT_REGISTRY_DOWNLOAD_FAILED",
      {},
    );
  }
  const status = error instanceof RequestFailure ? statusOf(error) : {};
  return wrap(error instanceof Error ? error.message : String(error), "TOFUKIT_REGISTRY_QUERY_FAILED", {
    cause: error instanceof RequestFailure ? error.cause : error,
    ...status,
  });
}
