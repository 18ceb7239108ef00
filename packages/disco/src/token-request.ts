// The token request of the authorization-code grant (RFC 6749 4.1.3, with the PKCE verifier):
// one POST to the token URL the host declared, a bounded body, Go's oauth2 error texts, and no
// redirect that would carry the code to another origin.
import { type Dispatcher, request } from "undici";
import { formatDuration, LoginError } from "./errors.js";
import { LoginToken } from "./login-token.js";

interface TokenRequest {
  readonly tokenURL: URL;
  readonly clientId: string;
  readonly code: string;
  readonly redirectURL: string;
  readonly verifier: string;
  readonly userAgent: string;
  readonly dispatcher?: Dispatcher | undefined;
  /** Milliseconds for the whole exchange. */
  readonly timeout: number;
  readonly signal?: AbortSignal | undefined;
}

const MAX_BODY = 1024 * 1024;
const MAX_SAME_ORIGIN_REDIRECTS = 5;
const SUMMARY = "Failed to obtain auth token";

function failed(reason: string, cause?: unknown): LoginError {
  return new LoginError(
    "TOFUKIT_DISCO_LOGIN_TOKEN_REQUEST",
    SUMMARY,
    `The remote server did not assign an auth token: ${reason}.`,
    cause === undefined ? undefined : { cause },
  );
}

function printable(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").trim();
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

async function readBounded(body: Dispatcher.ResponseData["body"]): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) {
      body.destroy();
      throw failed("the token response is larger than 1 MiB");
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** The fields of a token response, from JSON or (as Go's oauth2 also takes) a form body. */
function responseFields(text: string, contentType: string): Record<string, unknown> | null {
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (mediaType === "application/x-www-form-urlencoded" || mediaType === "text/plain") {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

// As Go's oauth2 RetrieveError: `oauth2: "code" "description"`, or the status when the body has no code.
function refusal(status: number, fields: Record<string, unknown> | null): LoginError {
  const code = typeof fields?.error === "string" ? printable(fields.error) : "";
  if (code !== "") {
    const description =
      typeof fields?.error_description === "string" && fields.error_description !== ""
        ? ` "${printable(fields.error_description)}"`
        : "";
    return failed(`oauth2: "${code}"${description}`);
  }
  return failed(`oauth2: cannot fetch token: ${status} response from the token endpoint`);
}

// What an HTTP header can carry: undici refuses anything outside Latin-1 and line breaks split headers.
const HEADER_SAFE = /^[\u0021-\u007e\u0080-\u00ff]+$/;

/** Exchanges an authorization code for a token. */
export async function requestToken(req: TokenRequest): Promise<LoginToken> {
  const body = new URLSearchParams({
    client_id: req.clientId,
    code: req.code,
    code_verifier: req.verifier,
    grant_type: "authorization_code",
    redirect_uri: req.redirectURL,
  }).toString();
  const deadline = AbortSignal.timeout(req.timeout);
  const signal = req.signal === undefined ? deadline : AbortSignal.any([deadline, req.signal]);
  let url = req.tokenURL;
  for (let redirects = 0; ; redirects++) {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type": "application/x-www-form-urlencoded",
          "user-agent": req.userAgent,
        },
        body,
        signal,
        ...(req.dispatcher === undefined ? {} : { dispatcher: req.dispatcher }),
      });
    } catch (error) {
      if (req.signal?.aborted) {
        throw new LoginError("TOFUKIT_DISCO_LOGIN_CANCELLED", "Action aborted", "The login was cancelled.", {
          cause: error,
        });
      }
      if (deadline.aborted) {
        throw new LoginError(
          "TOFUKIT_DISCO_LOGIN_TIMEOUT",
          SUMMARY,
          `The remote server did not assign an auth token: the token endpoint ${url.origin} did not answer within ${formatDuration(req.timeout)}.`,
          { cause: error },
        );
      }
      throw failed(`the token request to ${url.origin} failed (${(error as Error).message})`, error);
    }
    const status = response.statusCode;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && typeof location === "string") {
      await response.body.dump().catch(() => undefined);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw failed(`the token endpoint redirected to an invalid location`);
      }
      // The body holds the code and the verifier: it goes nowhere but the origin the host named.
      if (next.origin !== req.tokenURL.origin) {
        throw failed(
          `the token endpoint redirected to another origin (${next.origin}); the code is sent only to ${req.tokenURL.origin}`,
        );
      }
      if ((status !== 307 && status !== 308) || redirects >= MAX_SAME_ORIGIN_REDIRECTS) {
        throw failed(`the token endpoint answered with a ${status} redirect`);
      }
      url = next;
      continue;
    }
    let text: string;
    try {
      text = await readBounded(response.body);
    } catch (error) {
      if (error instanceof LoginError) throw error;
      throw failed("the token response could not be read", error);
    }
    const contentType = String(response.headers["content-type"] ?? "");
    const fields = responseFields(text, contentType);
    if (status < 200 || status >= 300) throw refusal(status, fields);
    if (fields === null) throw failed("oauth2: cannot parse the token response");
    if (typeof fields.error === "string" && fields.error !== "") throw refusal(status, fields);
    const token = fields.access_token;
    if (typeof token !== "string" || token === "")
      throw failed("oauth2: server response missing access_token");
    if (!HEADER_SAFE.test(token)) {
      throw new LoginError(
        "TOFUKIT_DISCO_LOGIN_INVALID_TOKEN",
        SUMMARY,
        "The remote server assigned a token that cannot be sent in an HTTP header (it contains spaces, control characters or characters outside Latin-1); nothing was stored.",
      );
    }
    const type =
      typeof fields.token_type === "string" && fields.token_type !== "" ? fields.token_type : "bearer";
    const expiresIn = Number(fields.expires_in);
    const expiresAt =
      Number.isFinite(expiresIn) && expiresIn > 0 ? new Date(Date.now() + expiresIn * 1000) : null;
    return new LoginToken(token, type, expiresAt);
  }
}
