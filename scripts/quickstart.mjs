// `npm run demo` and `npm test`: bootstrap pnpm, install with the frozen lockfile, then run.
import { pnpm } from "./pnpm-bootstrap.mjs";

const command = process.argv[2];
if (command !== "demo" && command !== "test") {
  process.stderr.write("usage: node scripts/quickstart.mjs demo|test\n");
  process.exit(2);
}

const installStatus = pnpm(["install", "--frozen-lockfile", "--reporter=silent"]);
if (installStatus !== 0) {
  process.stderr.write("pnpm install --frozen-lockfile failed\n");
  process.exit(installStatus);
}
process.exit(pnpm(["run", "--silent", command === "demo" ? "demo:run" : "check"]));
