import { credentialsFromEnvironment } from "@tofukit/credentials";
import { forComparison } from "@tofukit/hostname";

// Both variables name my-registry.example.com (after the prefix, case does not matter): the last wins.
const source = credentialsFromEnvironment({
  TF_TOKEN_my__registry_example_com: "first",
  TF_TOKEN_MY__REGISTRY_EXAMPLE_COM: "second",
});
const credentials = await source.forHost(forComparison("My-Registry.Example.com"));
console.log(credentials?.token());
console.log(await source.forHost(forComparison("other.example.com")));
