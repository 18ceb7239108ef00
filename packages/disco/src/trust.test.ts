import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootCertificates } from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, type LoopbackServer, startServer, TEST_CA } from "../test/loopback.js";
import { Disco } from "./disco.js";
import { trustedCertificates } from "./trust.js";

let server: LoopbackServer;
let dir: string;
beforeAll(async () => {
  server = await startServer(json({}));
  dir = mkdtempSync(join(tmpdir(), "disco-trust-"));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await server.close();
});

describe("trusted certificate authorities", () => {
  it("keeps Node's defaults when nothing is added", () => {
    expect(trustedCertificates(undefined, {})).toBeUndefined();
  });

  it("adds option and NODE_EXTRA_CA_CERTS certificates to the bundled roots", () => {
    const file = join(dir, "extra.pem");
    writeFileSync(file, TEST_CA);
    const list = trustedCertificates([TEST_CA, new TextEncoder().encode(TEST_CA)], {
      NODE_EXTRA_CA_CERTS: file,
    });
    expect(list?.length).toBe(rootCertificates.length + 3);
  });

  it("ignores an unreadable NODE_EXTRA_CA_CERTS, as Node does", () => {
    expect(trustedCertificates(undefined, { NODE_EXTRA_CA_CERTS: join(dir, "missing.pem") })).toBeUndefined();
  });

  it("trusts a server signed by a CA from NODE_EXTRA_CA_CERTS", async () => {
    const file = join(dir, "ca.pem");
    writeFileSync(file, TEST_CA);
    const disco = new Disco({ env: { NODE_EXTRA_CA_CERTS: file }, retries: 0 });
    await expect(disco.discover(server.hostname)).resolves.toBeDefined();
    await disco.close();
  });

  it("refuses the same server without that CA", async () => {
    const disco = new Disco({ env: {}, retries: 0 });
    await expect(disco.discover(server.hostname)).rejects.toThrow(
      "x509: certificate signed by unknown authority",
    );
    await disco.close();
  });
});
