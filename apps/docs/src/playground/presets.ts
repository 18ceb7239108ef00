// The playground's presets. The buckets preset is the CLI's own example (apps/cli/examples/buckets),
// read with the HCL parser: its variable's type and its value in terraform.tfvars. The module-call
// preset is the CLI's buckets-module example, its two files after `# file:` lines.
import { parseConfig } from "@tofukit/hcl";
import bucketsTfvars from "../../../cli/examples/buckets/terraform.tfvars?raw";
import bucketsVariables from "../../../cli/examples/buckets/variables.tf?raw";
import bucketsModuleMain from "../../../cli/examples/buckets-module/main.tf?raw";
import bucketsModuleChild from "../../../cli/examples/buckets-module/modules/buckets/variables.tf?raw";
import type { PlaygroundState } from "./hash-state.js";
import { sourceOffset } from "./source-offset.js";

interface Preset {
  readonly id: string;
  readonly state: PlaygroundState;
}

/** The source text of a file's attribute `name`, found at any depth of blocks, or "" when absent. */
function attributeSource(text: string, name: string): string {
  const { body } = parseConfig(text);
  const pending = [body];
  while (pending.length > 0) {
    const at = pending.shift()!;
    const attr = at.attributes.find((a) => a.name === name);
    if (attr !== undefined) {
      const source = text.slice(
        sourceOffset(text, attr.expr.range.start),
        sourceOffset(text, attr.expr.range.end),
      );
      // Continuation lines lose the indent of the line the attribute stands on.
      const indent = attr.nameRange.start.column - 1;
      return source.replaceAll(new RegExp(`\n {0,${indent}}`, "g"), "\n");
    }
    pending.push(...at.blocks.map((b) => b.body));
  }
  return "";
}

export const bucketsExample = {
  variables: bucketsVariables,
  tfvars: bucketsTfvars,
  type: attributeSource(bucketsVariables, "type"),
  value: attributeSource(bucketsTfvars, "buckets"),
};

const validationVariables = `variable "environment" {
  type        = string
  description = "Where the module is deployed."

  validation {
    condition     = contains(["dev", "staging", "prod"], var.environment)
    error_message = "The environment must be dev, staging or prod."
  }
}

variable "replicas" {
  type    = number
  default = 2

  validation {
    condition     = var.replicas >= 1 && var.replicas <= 9
    error_message = "Between 1 and 9 replicas, please."
  }
}
`;

/** The buckets-module example as the module mode's configuration editor holds a tree. */
export const bucketsModuleFiles = `# file: main.tf\n${bucketsModuleMain}# file: modules/buckets/variables.tf\n${bucketsModuleChild}`;

export const presets: readonly Preset[] = [
  { id: "buckets", state: { mode: "value", type: bucketsExample.type, value: bucketsExample.value } },
  {
    id: "validation",
    state: {
      mode: "module",
      variables: validationVariables,
      tfvars: 'environment = "production"\nreplicas    = 3\n',
    },
  },
  {
    id: "module-call",
    state: {
      mode: "module",
      variables: bucketsModuleFiles,
      tfvars: "# Try legacy_filenames = true\nlegacy_filenames = false\n",
    },
  },
  {
    id: "conversion-error",
    state: {
      mode: "value",
      type: "object({\n  name = string\n  port = number\n})",
      value: '{\n  name = "web"\n  port = "eighty"\n}',
    },
  },
  {
    id: "set-of-strings",
    state: { mode: "value", type: "set(string)", value: '["b", "a", "b", 1, true]' },
  },
];
