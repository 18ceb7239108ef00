// The buckets example of OpenTofu's type-constraint documentation, read from the CLI's example
// directories (the files users see), so that tests and benchmarks state it once: the bucket type
// constraint DESIGN.md's targets are stated for, and the module call of its last section
// ("Conditionally setting an optional attribute").
import { readFileSync } from "node:fs";

const EXAMPLES = new URL("../../../apps/cli/examples/", import.meta.url);

function exampleFile(path: string): string {
  return readFileSync(new URL(path, EXAMPLES), "utf8");
}

/** `apps/cli/examples/buckets/variables.tf`: the `buckets` variable alone. */
export const BUCKETS_VARIABLES = exampleFile("buckets/variables.tf");

/** The bucket type constraint as the example writes it (`list(object({ … }))`, indented as there). */
export const SEED_BUCKET_TYPE: string = (() => {
  const match = /type = (list\(object\(\{[\s\S]*?\n {2}\}\)\))/.exec(BUCKETS_VARIABLES);
  if (match === null)
    throw new Error("apps/cli/examples/buckets/variables.tf no longer declares the bucket type");
  return match[1]!;
})();

/** The module-call example: a root calling `./modules/buckets`, as files keyed by their paths. */
export const BUCKETS_MODULE_TREE: {
  readonly "main.tf": string;
  readonly "modules/buckets/variables.tf": string;
} = {
  "main.tf": exampleFile("buckets-module/main.tf"),
  "modules/buckets/variables.tf": exampleFile("buckets-module/modules/buckets/variables.tf"),
};
