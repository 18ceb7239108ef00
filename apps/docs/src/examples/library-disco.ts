import { Disco } from "@tofukit/disco";
import { forComparison } from "@tofukit/hostname";

// A host block of the CLI configuration: its services are known without asking the host.
const disco = new Disco();
const registry = forComparison("registry.internal");
disco.forceHostServices(registry, {
  "modules.v1": "/v1/modules/",
  "providers.v1": "https://mirror.internal/p/",
});

console.log((await disco.serviceURL(registry, "modules.v1")).href);
console.log((await disco.serviceURL(registry, "providers.v1")).href);
try {
  await disco.serviceURL(registry, "modules.v2");
} catch (error) {
  console.log((error as Error).message);
}
await disco.close();
