// `tofukit demo`: a tour without network access. It checks the embedded buckets module (the
// optional-attributes example of the OpenTofu documentation) and runs service discovery against
// a loopback HTTPS registry it starts itself.
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { checkVariables } from "@tofukit/config";
import { loadModuleDirectory } from "@tofukit/config/node";
import { consoleString } from "@tofukit/cty";
import { Disco } from "@tofukit/disco";
import { displayOf, forComparison } from "@tofukit/hostname";
import { type CommandIO, EXIT_INVALID, EXIT_OK } from "../io.js";
import { renderDiagnostic } from "../render/diagnostic.js";

const examples = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "examples");

function heading(io: CommandIO, text: string): void {
  io.stdout.write(`\n${io.out.bold(text)}\n\n`);
}

function checkBuckets(io: CommandIO): boolean {
  const dir = join(examples, "buckets");
  heading(io, "1. A module's variables, checked offline: examples/buckets");
  io.stdout.write(
    io.out.dim("   variables.tf declares list(object({...})) with optional attributes and defaults;\n"),
  );
  io.stdout.write(
    io.out.dim("   terraform.tfvars gives three buckets. The value OpenTofu computes (tofu console):\n\n"),
  );
  // An empty environment: TF_VAR_ variables of the caller must not change the example.
  const { files, module } = loadModuleDirectory(dir);
  const result = checkVariables(module, { files, env: {} });
  for (const d of result.diagnostics) io.stderr.write(renderDiagnostic(d, result.sources, io.err));
  const buckets = result.variables.find((v) => v.declaration.name === "buckets")?.value;
  if (buckets === undefined) return false;
  io.stdout.write(`${consoleString(buckets)}\n`);
  return true;
}

async function discoverLocally(io: CommandIO): Promise<boolean> {
  const tls = join(examples, "demo-tls");
  let port = 0;
  const server = createServer(
    { cert: readFileSync(join(tls, "server.pem")), key: readFileSync(join(tls, "server.key")) },
    (req, res) => {
      if (req.url === "/.well-known/terraform.json") {
        res.writeHead(301, { Location: "/registry/discovery.json" }).end();
      } else if (req.url === "/registry/discovery.json") {
        res.writeHead(200, { "Content-Type": "application/json" }).end(
          JSON.stringify({
            "modules.v1": "/v1/modules/",
            "providers.v1": `https://127.0.0.1:${port}/v1/providers/`,
            "state.v2": "state/",
            "login.v1": {
              client: "tofu-cli",
              grant_types: ["authz_code"],
              authz: "/oauth/authorization",
              token: "/oauth/token",
              ports: [10000, 10010],
            },
          }),
        );
      } else {
        res.writeHead(404).end();
      }
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  try {
    const hostname = forComparison(`127.0.0.1:${port}`);
    heading(io, `2. Service discovery against a local HTTPS registry (${displayOf(hostname)})`);
    io.stdout.write(
      io.out.dim("   /.well-known/terraform.json redirects to /registry/discovery.json, which lists\n"),
    );
    io.stdout.write(
      io.out.dim("   relative and absolute service URLs; relative ones resolve against the final URL.\n\n"),
    );
    const disco = new Disco({ env: {}, ca: readFileSync(join(tls, "ca.pem"), "utf8"), timeout: 5000 });
    const host = await disco.discover(hostname);
    io.stdout.write(`   discovery document: ${host.discoveryURL}\n`);
    for (const id of ["modules.v1", "providers.v1", "state.v2"]) {
      io.stdout.write(`   ${id.padEnd(13)} ${host.serviceURL(id).href}\n`);
    }
    const login = host.oauthClient("login.v1");
    io.stdout.write(
      `   ${"login.v1".padEnd(13)} OAuth client ${JSON.stringify(login.id)}: ${login.authorizationURL?.href ?? "(no authorization URL)"}\n`,
    );
    return true;
  } finally {
    server.close();
  }
}

export async function runDemo(io: CommandIO): Promise<number> {
  io.stdout.write(
    `${io.out.bold("tofukit")} — OpenTofu's type constraints and service discovery, in TypeScript\n`,
  );
  const checked = checkBuckets(io);
  const discovered = await discoverLocally(io);
  const buckets = relative(io.cwd, join(examples, "buckets")) || ".";
  io.stdout.write(
    `\nTry: tofukit check ${buckets} · tofukit type 'list(string)' · tofukit hostname Bücher.example\n`,
  );
  return checked && discovered ? EXIT_OK : EXIT_INVALID;
}
