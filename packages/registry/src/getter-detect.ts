// go-getter's Detect with OpenTofu's detector list (internal/getmodules): forced getters
// (`git::`), URLs passed through as given, then the GitHub, Git (scp-style), Bitbucket, GCS, S3
// and file detectors. Deliberate difference: the Bitbucket shorthand is resolved without asking
// api.bitbucket.org, as git (Bitbucket has hosted only git repositories since 2020).

import { joinPath } from "@tofukit/gostd";
import { githubShorthandFastPath } from "./github-shorthand-fast-path.js";
import { formatURL, fromBytes, GoURLError, parseURL, reencodeQuery, toBytes, urlScheme } from "./go-url.js";
import { sourceDirSubdir } from "./package-subdir.js";

/** A detector's refusal: `relative` marks OpenTofu's "cannot detect" error for a bare path. */
export class DetectError extends Error {
  constructor(
    message: string,
    readonly relative = false,
  ) {
    super(message);
  }
}

type Detector = (src: string) => string | null;

// Go's `.` does not match a newline, and nothing else; JS's also skips \r and U+2028/9.
const FORCED = /^([A-Za-z0-9]+)::([^\n]+)$/;
const SCP_LIKE = /^(?:([^@]+)@)?([^:]+):\/?([^\n]+)$/;

function forcedGetter(src: string): readonly [forced: string, rest: string] {
  if (!src.includes("::")) return ["", src];
  const m = FORCED.exec(src);
  return m === null ? ["", src] : [m[1]!, m[2]!];
}

function parseOrThrow(raw: string, context: string): ReturnType<typeof parseURL> {
  try {
    return parseURL(raw);
  } catch (error) {
    if (error instanceof GoURLError) throw new DetectError(`${context}${error.message}`);
    throw error;
  }
}

// OpenTofu wraps the GitHub detector so that a query string survives its URL rebuilding.
function withoutQueryParams(detector: Detector): Detector {
  return (src) => {
    const q = src.indexOf("?");
    const query = q < 0 ? "" : src.slice(q + 1);
    const result = detector(q < 0 ? src : src.slice(0, q));
    return result !== null && result !== "" && query !== "" ? `${result}?${query}` : result;
  };
}

const github: Detector = (src) => {
  if (!src.startsWith("github.com/")) return null;
  const parts = src.split("/");
  if (parts.length < 3) throw new DetectError("GitHub URLs should be github.com/username/repo");
  const u = parseOrThrow(`https://${parts.slice(0, 3).join("/")}`, "error parsing GitHub URL: ");
  if (!u.path.endsWith(".git")) u.path += ".git";
  if (parts.length > 3) u.path += `//${parts.slice(3).join("/")}`;
  return `git::${formatURL(u)}`;
};

const git: Detector = (src) => {
  const m = SCP_LIKE.exec(src);
  if (m === null) return null;
  const user = m[1] ?? "";
  const path = m[3]!;
  const q = path.indexOf("?");
  let rawQuery = "";
  if (q >= 0) {
    try {
      rawQuery = reencodeQuery(path.slice(q + 1));
    } catch (error) {
      if (error instanceof GoURLError)
        throw new DetectError(`error parsing GitHub SSH URL: ${error.message}`);
      throw error;
    }
  }
  if (user !== "git") return null;
  const url = formatURL({
    scheme: "ssh",
    opaque: "",
    user: { username: user, password: undefined },
    host: m[2]!,
    path: q < 0 ? path : path.slice(0, q),
    rawPath: "",
    omitHost: false,
    forceQuery: false,
    rawQuery,
    fragment: "",
    rawFragment: "",
  });
  return `git::${url}`;
};

const bitbucket: Detector = (src) => {
  if (!src.startsWith("bitbucket.org/")) return null;
  const u = parseOrThrow(`https://${src}`, "error parsing BitBucket URL: ");
  if (!u.path.endsWith(".git")) u.path += ".git";
  return `git::${formatURL(u)}`;
};

const gcs: Detector = (src) => {
  if (!src.includes(".googleapis.com/")) return null;
  const parts = src.split("/");
  if (parts.length < 5) throw new DetectError("URL is not a valid GCS URL");
  const [, , version, bucket] = parts;
  const object = parts.slice(4).join("/");
  const u = parseOrThrow(
    `https://www.googleapis.com/storage/${version}/${bucket}/${object}`,
    "error parsing GCS URL: ",
  );
  return `gcs::${formatURL(u)}`;
};

const s3: Detector = (src) => {
  if (!src.includes(".amazonaws.com/")) return null;
  const parts = src.split("/");
  const hostParts = parts[0]!.split(".");
  const rest = parts.slice(1).join("/");
  let url: string;
  if (hostParts.length === 3) url = `https://${hostParts[0]}.amazonaws.com/${rest}`;
  else if (hostParts.length === 4) url = `https://${hostParts[1]}.amazonaws.com/${hostParts[0]}/${rest}`;
  else if (hostParts.length === 5 && hostParts[1] === "s3") {
    url = `https://s3.${hostParts[2]}.amazonaws.com/${hostParts[0]}/${rest}`;
  } else throw new DetectError("URL is not a valid S3 URL");
  return `s3::${formatURL(parseOrThrow(url, "error parsing S3 URL: "))}`;
};

// OpenTofu's own file detector: POSIX paths (an absolute path is a file:// URL), and anything
// else is probably a relative path missing its "./".
const file: Detector = (src) => {
  if (src === "") return null;
  if (!src.startsWith("/")) {
    throw new DetectError(
      `OpenTofu cannot detect a supported external module source type for ${fromBytes(src)}`,
      true,
    );
  }
  return `file:///${src.slice(1)}`;
};

const DETECTORS: readonly Detector[] = [withoutQueryParams(github), git, bitbucket, gcs, s3, file];

// url.Parse(src) succeeds with a scheme. Most sources have none, and the scheme is what Parse
// reads first: the rest of the parse is needed only when there is one.
function hasScheme(src: string): boolean {
  try {
    if (urlScheme(src) === "") return false;
    parseURL(src);
    return true;
  } catch (error) {
    if (error instanceof GoURLError) return false;
    throw error;
  }
}

/** getter.Detect(given, "", OpenTofu's detectors); throws DetectError. */
export function detectPackage(given: string): string {
  return githubShorthandFastPath(given) ?? detectPackageInGeneral(given);
}

/** detectPackage without its fast path, which is checked against it. */
export function detectPackageInGeneral(given: string): string {
  const src = toBytes(given);
  const [getForce, forcedRest] = forcedGetter(src);
  const [getSrc, userSubdir] = sourceDirSubdir(forcedRest);
  if (hasScheme(getSrc)) return given;
  let subDir = userSubdir;
  for (const detector of DETECTORS) {
    const detected = detector(getSrc);
    if (detected === null) continue;
    const [detectForce, forcedResult] = forcedGetter(detected);
    let [result, detectSubdir] = sourceDirSubdir(forcedResult);
    if (detectSubdir !== "") subDir = subDir !== "" ? joinPath(detectSubdir, subDir) : detectSubdir;
    if (subDir !== "") {
      const u = parseOrThrow(result, "Error parsing URL: ");
      u.path += `//${subDir}`;
      u.rawPath = u.path;
      result = formatURL(u);
    }
    if (getForce !== "") result = `${getForce}::${result}`;
    else if (detectForce !== "") result = `${detectForce}::${result}`;
    return fromBytes(result);
  }
  throw new DetectError(`invalid source string: ${given}`);
}
