// A forward proxy on 127.0.0.1 for network tests: it answers CONNECT by tunnelling to a loopback
// port of the test's choosing, whatever host was asked for, so a client can name a non-loopback
// host (which it would never send through a proxy otherwise) and reach a server the test started.
import { createServer, type Server } from "node:http";
import { connect, type Socket } from "node:net";

export interface ConnectProxyOptions {
  /** The loopback port a tunnel to `authority` (`host:port`) is connected to; null answers 502. */
  readonly route: (authority: string) => number | null;
  /** `user:password` the proxy demands as Basic Proxy-Authorization; anything else gets 407. */
  readonly credentials?: string;
}

export interface ConnectProxy {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** Every CONNECT authority asked for, in order, refused ones included. */
  readonly tunnels: string[];
  close(): Promise<void>;
}

export async function startConnectProxy(options: ConnectProxyOptions): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  const expected =
    options.credentials === undefined
      ? undefined
      : `Basic ${Buffer.from(options.credentials).toString("base64")}`;
  const server: Server = createServer((_req, res) => res.writeHead(405).end());
  server.on("connect", (req, client: Socket, head: Buffer) => {
    const authority = req.url ?? "";
    tunnels.push(authority);
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    if (expected !== undefined && req.headers["proxy-authorization"] !== expected) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const port = options.route(authority);
    if (port === null) {
      client.end("HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const upstream = connect(port, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
