import { describe, expect, it } from "vitest";
import { goErrnoText, goPathError } from "./os-error.js";

describe("Go's os error texts", () => {
  // syscall.Errno strings on Linux (zerrors_linux), as the reference prints them.
  it.each([
    ["ENOENT", "no such file or directory"],
    ["EACCES", "permission denied"],
    ["EPERM", "operation not permitted"],
    ["EISDIR", "is a directory"],
    ["ENOTDIR", "not a directory"],
    ["ENOEXEC", "exec format error"],
    ["EEXIST", "file exists"],
    ["ENOSPC", "no space left on device"],
    ["EROFS", "read-only file system"],
    ["ELOOP", "too many levels of symbolic links"],
    ["ENAMETOOLONG", "file name too long"],
    ["EFBIG", "file too large"],
  ])("names %s as Go does: %s", (code, text) => {
    expect(goErrnoText(code)).toBe(text);
  });

  it("knows no text for a code that is not an errno, nor for an inherited property", () => {
    expect(goErrnoText("ERR_INVALID_ARG_TYPE")).toBeUndefined();
    expect(goErrnoText("toString")).toBeUndefined();
    expect(goErrnoText("__proto__")).toBeUndefined();
  });

  it("writes os.PathError's message", () => {
    expect(goPathError("open", "/etc/none", "ENOENT")).toBe("open /etc/none: no such file or directory");
    expect(goPathError("read", "conf.d", "EISDIR")).toBe("read conf.d: is a directory");
    expect(goPathError("fork/exec", "/bin/helper", "EACCES")).toBe(
      "fork/exec /bin/helper: permission denied",
    );
    expect(goPathError("open", "x", "EWHATEVER")).toBeUndefined();
  });
});
