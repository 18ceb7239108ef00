import { describe, expect, it } from "vitest";
import { resolveServiceURL } from "./service-url.js";
import { parseUrlReference } from "./url-reference.js";

// The reference's verified examples use a discovery that was redirected here.
const base = parseUrlReference("https://h.example/base/dir/disco.json?x=1");

describe("resolveServiceURL resolves against the final discovery URL like Go's net/url", () => {
  it.each([
    ["v1/mods", "https://h.example/base/dir/v1/mods"],
    ["/root", "https://h.example/root"],
    ["", "https://h.example/base/dir/disco.json?x=1"],
    ["?a=b", "https://h.example/base/dir/disco.json?a=b"],
    ["../up/", "https://h.example/base/up/"],
    ["./x/", "https://h.example/base/dir/x/"],
    ["../../../../x", "https://h.example/x"],
    ["//cdn.example/p/", "https://cdn.example/p/"],
    ["/a%20b/", "https://h.example/a%20b/"],
    ["/x?q=1#frag", "https://h.example/x?q=1"],
    ["https://e.example/p#frag", "https://e.example/p"],
    ["https://e.example:8443/x", "https://e.example:8443/x"],
    ["http://e.example/plain/", "http://e.example/plain/"],
    ["HTTP://E.EXAMPLE/Up", "http://e.example/Up"],
    ["https://e.example/a b", "https://e.example/a%20b"],
    ["https://bücher.example/x", "https://xn--bcher-kva.example/x"],
    ["https://e.example/v1?", "https://e.example/v1?"],
  ])("%j becomes %s", (raw, href) => {
    const result = resolveServiceURL(base, raw);
    expect(result).toEqual({ ok: true, url: new URL(href) });
    if (result.ok) expect(result.url.href).toBe(href);
  });

  it.each([
    ["ftp://e.example/", "unsupported scheme ftp"],
    ["mailto:registry@e.example", "unsupported scheme mailto"],
    ["data:,x", "unsupported scheme data"],
    ["https://u@e.example/", "embedded username/password information is not permitted"],
    ["https://u:p@e.example/", "embedded username/password information is not permitted"],
    [" https://e.example/", 'parse " https://e.example/": first path segment in URL cannot contain colon'],
    ["/%zz", 'parse "/%zz": invalid URL escape "%zz"'],
    ["/%z", 'parse "/%z": invalid URL escape "%z"'],
    [":x", 'parse ":x": missing protocol scheme'],
    ["https://e.example:abc/", 'parse "https://e.example:abc/": invalid port ":abc" after host'],
    ["https://a b/", 'parse "https://a b/": invalid character " " in host name'],
    ["https://e.example/\n", 'parse "https://e.example/\\n": net/url: invalid control character in URL'],
    ["https://e.example/#%zz", 'parse "https://e.example/#%zz": invalid URL escape "%zz"'],
    ["https://[::1/", `parse "https://[::1/": missing ']' in host`],
  ])("refuses %j: %s", (raw, reason) => {
    expect(resolveServiceURL(base, raw)).toEqual({ ok: false, reason });
  });

  // Deliberate difference: Go returns these as opaque URLs that no request can use, while a
  // WHATWG URL would send them to host "foo" or "evil.example".
  it.each(["https:foo/bar", "https:\\\\evil.example\\x", "https:///no-host"])(
    "refuses %j for lack of a host",
    (raw) => {
      const result = resolveServiceURL(base, raw);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/has no host/);
    },
  );
});
