// The loopback certificate the network tests share (packages/disco/test/fixtures/tls): a test CA
// and a server certificate for 127.0.0.1 and localhost. Test-only keys that guard nothing.
import { readFileSync } from "node:fs";

const fixture = (name: string) =>
  readFileSync(new URL(`../../../packages/disco/test/fixtures/tls/${name}`, import.meta.url), "utf8");

export const TEST_TLS = {
  ca: fixture("ca.pem"),
  key: fixture("server.key"),
  cert: fixture("server.pem"),
  /** The CA certificate's path, for a `--ca` option. */
  caFile: new URL("../../../packages/disco/test/fixtures/tls/ca.pem", import.meta.url).pathname,
} as const;
