// The README's example, kept working.
import { describe, expect, it } from "vitest";
import { goJsonString, goJsonSyntaxError, goPathError, goQuote, goQuoteRune } from "../src/index.js";

describe("README example", () => {
  it("gives what the comments say", () => {
    expect(goQuote('say "hi"\n')).toBe('"say \\"hi\\"\\n"');
    expect(goQuote("\u200d")).toBe('"\\u200d"');
    expect(goQuoteRune(0x27)).toBe("'\\''");
    expect(goJsonSyntaxError("{a:1}")).toBe(
      "invalid character 'a' looking for beginning of object key string",
    );
    expect(goJsonSyntaxError("[1,")).toBe("unexpected end of JSON input");
    expect(goJsonSyntaxError("{", "decoder")).toBe("unexpected EOF");
    expect(goJsonSyntaxError('{"a": 1}')).toBeNull();
    expect(goJsonString("<b> & </b>")).toBe('"\\u003cb\\u003e \\u0026 \\u003c/b\\u003e"');
    expect(goPathError("open", "/x", "ENOENT")).toBe("open /x: no such file or directory");
  });
});
