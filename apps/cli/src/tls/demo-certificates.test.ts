import { X509Certificate } from "node:crypto";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { connect } from "node:tls";
import { describe, expect, it } from "vitest";
import { demoCertificates } from "./demo-certificates.js";

describe("demoCertificates", () => {
  it("makes a CA and a server certificate for 127.0.0.1 and localhost signed by it", () => {
    const { ca, cert } = demoCertificates();
    const authority = new X509Certificate(ca);
    const server = new X509Certificate(cert);
    expect(authority.ca).toBe(true);
    expect(authority.verify(authority.publicKey)).toBe(true);
    expect(server.ca).toBe(false);
    expect(server.checkIssued(authority)).toBe(true);
    expect(server.verify(authority.publicKey)).toBe(true);
    expect(server.subjectAltName).toBe("DNS:localhost, IP Address:127.0.0.1");
    expect(server.checkIP("127.0.0.1")).toBe("127.0.0.1");
    expect(server.keyUsage).toEqual(["1.3.6.1.5.5.7.3.1"]);
    expect(Date.parse(server.validTo) - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
  });

  it("gives every certificate a positive 16-byte serial number in minimal DER form", () => {
    // A random first byte of 0x00 followed by one below 0x80 is not minimal DER, and one of 0x80
    // or more needs a padding byte: both used to happen by chance ("illegal padding" from OpenSSL).
    for (let i = 0; i < 200; i++) {
      const { ca, cert } = demoCertificates();
      for (const pem of [ca, cert]) {
        const serial = new X509Certificate(pem).serialNumber;
        expect(serial).toMatch(/^[0-7][0-9A-F]{31}$/);
        expect(serial.startsWith("00")).toBe(false);
      }
    }
  });

  it("gives a TLS client that trusts only the CA a verified connection", async () => {
    const { ca, cert, key } = demoCertificates();
    const server = createServer({ cert, key }, (_req, res) => res.end("ok"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const authorized = await new Promise<boolean>((resolve, reject) => {
        const socket = connect({ host: "127.0.0.1", port, ca, servername: "localhost" }, () => {
          resolve(socket.authorized);
          socket.end();
        });
        socket.on("error", reject);
      });
      expect(authorized).toBe(true);
    } finally {
      server.close();
    }
  });

  it("makes new keys every time", () => {
    expect(demoCertificates().key).not.toBe(demoCertificates().key);
  });
});
