import { describe, expect, it } from "vitest";
import { forComparison, HostnameError, isValid } from "./index.js";

// Rows of the reference's verified table (spec §1.6): input → normalized Hostname.
const accepted: ReadonlyArray<readonly [string, string]> = [
  ["example.com", "example.com"],
  ["Example.Com", "example.com"],
  ["example.com.", "example.com."],
  ["example.com..", "example.com.."],
  ["example.com:0", "example.com:0"],
  ["example.com:443", "example.com"],
  ["example.com:0443", "example.com"],
  ["example.com:+443", "example.com"],
  ["example.com:-443", "example.com:-443"],
  ["example.com:08080", "example.com:8080"],
  ["example.com:-1", "example.com:-1"],
  ["example.com:-0", "example.com:0"],
  ["example.com:+80", "example.com:80"],
  ["example.com:65535", "example.com:65535"],
  ["example.com.:443", "example.com."],
  ["EXAMPLE.COM:0443", "example.com"],
  ["localhost:1211", "localhost:1211"],
  ["127.0.0.1:8080", "127.0.0.1:8080"],
  ["0x7f.0.0.1", "0x7f.0.0.1"],
  ["256.1.1.1", "256.1.1.1"],
  ["foo--bar.com", "foo--bar.com"],
  [`${"a".repeat(63)}.com`, `${"a".repeat(63)}.com`],
  [`${"a".repeat(64)}.com`, `${"a".repeat(64)}.com`],
  [`${"abcdefghij.".repeat(30)}com`, `${"abcdefghij.".repeat(30)}com`],
  ["münchen.de", "xn--mnchen-3ya.de"],
  ["mu\u0308nchen.de", "xn--mnchen-3ya.de"],
  ["MÜNCHEN.DE", "xn--mnchen-3ya.de"],
  ["Испытание.com", "xn--80akhbyknj4f.com"],
  ["例え.テスト", "xn--r8jz45g.xn--zckzah"],
  ["💩.la", "xn--ls8h.la"],
  ["faß.de", "xn--fa-hia.de"],
  ["σας.gr", "xn--mxa8ab.gr"],
  ["ΣΑΣ.gr", "xn--mxa9ab.gr"],
  ["\u0130stanbul.com", "xn--istanbul-o0e.com"],
  ["ı.com", "xn--cfa.com"],
  ["ǅ.com", "xn--d-toa.com"],
  ["ﬁ.com", "fi.com"],
  ["Ⅻ.com", "xii.com"],
  ["①.com", "1.com"],
  ["ⓔxample.com", "example.com"],
  ["ｅｘａｍｐｌｅ．ｃｏｍ", "example.com"],
  ["example。com", "example.com"],
  ["tofu。example．org", "tofu.example.org"],
  ["ex\u200Bample.com", "example.com"],
  ["\u200B.com", ".com"],
  ["\u200B", ""],
  ["\u00AD", ""],
  ["ex\u00ADample.com", "example.com"],
  ["\uFEFFexample.com", "example.com"],
  ["a\u2060b.com", "ab.com"],
  ["שלום.com", "xn--9dbne9b.com"],
  ["ש1.com", "xn--1-fjc.com"],
  ["العربية.example", "xn--mgbcd4a2b0d2b.example"],
  ["ab\u0301.com", "xn--ab-9tb.com"],
  ["XN--mnchen-3ya.de", "xn--mnchen-3ya.de"],
  ["xN--80akhbyknj4f.com", "xn--80akhbyknj4f.com"],
  ["XN--", ""],
  ["XN--abc-.com", "abc.com"],
  ["https:443", "https"],
  ["https", "https"],
  ["xn--80akhbyknj4f.com:8080".replace("xn--80akhbyknj4f", "испытание"), "xn--80akhbyknj4f.com:8080"],
];

// Input → [code, message] of the reference.
const rejected: ReadonlyArray<readonly [string, string, string]> = [
  ["", "TOFUKIT_HOSTNAME_EMPTY", "empty string is not a valid hostname"],
  [":443", "TOFUKIT_HOSTNAME_EMPTY", "empty string is not a valid hostname"],
  [":8080", "TOFUKIT_HOSTNAME_EMPTY", "empty string is not a valid hostname"],
  ["a...", "TOFUKIT_HOSTNAME_EMPTY_LABEL", "hostname contains empty label (two consecutive periods)"],
  [".example.com", "TOFUKIT_HOSTNAME_EMPTY_LABEL", "hostname contains empty label (two consecutive periods)"],
  [".", "TOFUKIT_HOSTNAME_EMPTY_LABEL", "hostname contains empty label (two consecutive periods)"],
  ["a..b", "TOFUKIT_HOSTNAME_EMPTY_LABEL", "hostname contains empty label (two consecutive periods)"],
  ["example.com:", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  ["example.com:65536", "TOFUKIT_HOSTNAME_PORT_RANGE", "port number is greater than 65535"],
  ["example.com:99999", "TOFUKIT_HOSTNAME_PORT_RANGE", "port number is greater than 65535"],
  ["example.com:9223372036854775807", "TOFUKIT_HOSTNAME_PORT_RANGE", "port number is greater than 65535"],
  [
    "example.com:9223372036854775808",
    "TOFUKIT_HOSTNAME_PORT_SYNTAX",
    "port portion contains non-digit characters",
  ],
  [
    "example.com:99999999999999999999",
    "TOFUKIT_HOSTNAME_PORT_SYNTAX",
    "port portion contains non-digit characters",
  ],
  ["example.com:abc", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  ["example.com: 80", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  ["example.com:80:90", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  ["example.com:８０", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  ["example.com:+-80", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  [":abc", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  ["[::1]", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  ["[::1]:8443", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  ["::1", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  ["ftp://x", "TOFUKIT_HOSTNAME_PORT_SYNTAX", "port portion contains non-digit characters"],
  [
    "https://example.com",
    "TOFUKIT_HOSTNAME_URL",
    "need just a hostname and optional port number, not a full URL",
  ],
  [
    "HTTP://example.com",
    "TOFUKIT_HOSTNAME_URL",
    "need just a hostname and optional port number, not a full URL",
  ],
  ["http:foo", "TOFUKIT_HOSTNAME_URL", "need just a hostname and optional port number, not a full URL"],
  ["example.com/path", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+002F"],
  [" example.com", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+0020"],
  ["ex\u0009ample.com", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+0009"],
  ["foo_bar.com", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+005F"],
  ["user@example.com", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+0040"],
  ["⑴.com", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+2474"],
  ["⒈.com", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+2488"],
  ["example.com：8080", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+FF1A"],
  ["\u00A0example.com", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+00A0"],
  ["a\u0000b.com", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+0000"],
  ["\u202Eexample.com", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+202E"],
  ["\ud800.com", "TOFUKIT_HOSTNAME_DISALLOWED_RUNE", "idna: disallowed rune U+FFFD"],
  ["-foo.com", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "-foo"'],
  ["foo-.com", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "foo-"'],
  ["ab--cd.com", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "ab--cd"'],
  ["a\u200Db.com", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "a\\u200db"'],
  ["a\u200Cb.com", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "a\\u200cb"'],
  ["aש.com", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "aש.com"'],
  ["1ש.com", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "1ש.com"'],
  ["abc.1א", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "abc.1א"'],
  ["aـb.com", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "aـb.com"'],
  ["\u0301ab.com", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "\u0301ab"'],
  ["XN--A.com", "TOFUKIT_HOSTNAME_INVALID_LABEL", 'idna: invalid label "\\u0080"'],
  [
    "xn--mnchen-3ya.de",
    "TOFUKIT_HOSTNAME_PUNYCODE_LABEL",
    'hostname label "xn--mnchen-3ya" specified in punycode format; service hostnames must be given in unicode',
  ],
  [
    "foo.xn--p1ai",
    "TOFUKIT_HOSTNAME_PUNYCODE_LABEL",
    'hostname label "xn--p1ai" specified in punycode format; service hostnames must be given in unicode',
  ],
  [
    "xn--.com",
    "TOFUKIT_HOSTNAME_PUNYCODE_LABEL",
    'hostname label "xn--" specified in punycode format; service hostnames must be given in unicode',
  ],
  [
    "xn--\u200d.com",
    "TOFUKIT_HOSTNAME_PUNYCODE_LABEL",
    'hostname label "xn--\\u200d" specified in punycode format; service hostnames must be given in unicode',
  ],
];

describe("forComparison", () => {
  it.each(accepted)("normalizes %j to %j", (given, want) => {
    expect(forComparison(given)).toBe(want);
    expect(isValid(given)).toBe(true);
  });

  it.each(rejected)("rejects %j with %s", (given, code, message) => {
    let thrown: unknown;
    try {
      forComparison(given);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HostnameError);
    expect(thrown).toMatchObject({ code, message, input: given, name: "HostnameError" });
    expect(isValid(given)).toBe(false);
  });

  it("reports a port error before an empty host", () => {
    expect(() => forComparison(":abc")).toThrow("port portion contains non-digit characters");
  });

  it("keeps the trailing dot: example.com. is another host than example.com", () => {
    expect(forComparison("example.com.")).not.toBe(forComparison("example.com"));
  });

  it("treats precomposed, combining and upper-case spellings as one host", () => {
    const forms = ["münchen.de", "mu\u0308nchen.de", "MÜNCHEN.DE", "Mu\u0308nchen.de:443"];
    expect(new Set(forms.map(forComparison)).size).toBe(1);
  });

  it("follows current Unicode data for code points newer than the reference's tables", () => {
    // Unicode 14 added U+1FAE0; the reference built with Unicode 13 tables rejects it.
    expect(forComparison("🫠.com")).toBe("xn--129h.com");
    // UTS #46 now maps capital sharp s to ß rather than "ss".
    expect(forComparison("ẞ.de")).toBe("xn--zca.de");
  });
});

describe("HostnameError", () => {
  it("is recognized across copies of the package through its brand", () => {
    const foreign = Object.create(null) as Record<symbol, unknown>;
    foreign[Symbol.for("tofukit.HostnameError")] = true;
    expect(foreign).toBeInstanceOf(HostnameError);
    expect(new Error("x")).not.toBeInstanceOf(HostnameError);
  });
});
