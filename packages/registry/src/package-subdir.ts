// go-getter's SourceDirSubdir followed by path.Clean (getmodules.SplitPackageSubdir): the
// `//subdir` part of a module source, with a `?query` after it moved back onto the package.
import { cleanPath } from "@tofukit/gostd";

export function sourceDirSubdir(src: string): readonly [pkg: string, subdir: string] {
  const q = src.indexOf("?");
  const stop = q < 0 ? src.length : q;
  const scheme = src.slice(0, stop).indexOf("://");
  const offset = scheme < 0 ? 0 : scheme + 3;
  const rel = src.slice(offset, stop).indexOf("//");
  if (rel < 0) return [src, ""];
  const at = rel + offset;
  let subdir = src.slice(at + 2);
  let pkg = src.slice(0, at);
  const query = subdir.indexOf("?");
  if (query >= 0) {
    pkg += subdir.slice(query);
    subdir = subdir.slice(0, query);
  }
  return [pkg, subdir];
}

export function splitPackageSubdir(given: string): readonly [pkg: string, subdir: string] {
  const [pkg, subdir] = sourceDirSubdir(given);
  return [pkg, subdir === "" ? "" : cleanPath(subdir)];
}
