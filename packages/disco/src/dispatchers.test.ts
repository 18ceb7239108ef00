import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";
import { forComparison } from "@tofukit/hostname";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, type LoopbackServer, startServer, TEST_CA } from "../test/loopback.js";
import { Disco } from "./disco.js";

// A CONNECT proxy on 127.0.0.1 that tunnels every destination to the test server, so a
// non-loopback name (registry.test, in the test certificate) is reached without any DNS.
let target: LoopbackServer;
let proxy: Server;
let proxyURL: string;
const tunnels: string[] = [];
const sockets: Socket[] = [];
beforeAll(async () => {
  target = await startServer(json({ "modules.v1": "/v1/modules/" }));
  proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on("connect", (req, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? "");
    const upstream = connect(target.port, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.push(client, upstream);
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyURL = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => proxy.close(resolve));
  await target.close();
});

describe("proxies", () => {
  it("tunnels discovery of a remote host through HTTPS_PROXY", async () => {
    const disco = new Disco({ ca: TEST_CA, env: { HTTPS_PROXY: proxyURL }, retries: 0 });
    const host = await disco.discover(forComparison("registry.test"));
    expect(host.serviceURL("modules.v1").href).toBe("https://registry.test/v1/modules/");
    expect(tunnels).toContain("registry.test:443");
    expect(target.requests.at(-1)?.headers.host).toBe("registry.test");
    await disco.close();
  });

  it("connects to loopback hosts directly even with a proxy configured", async () => {
    const before = tunnels.length;
    const disco = new Disco({ ca: TEST_CA, env: { HTTPS_PROXY: proxyURL }, retries: 0 });
    await disco.discover(target.hostname);
    expect(tunnels.length).toBe(before);
    await disco.close();
  });
});
