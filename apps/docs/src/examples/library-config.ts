import { checkVariables, loadModule } from "@tofukit/config";
import { consoleString } from "@tofukit/cty";

const files = [
  {
    name: "variables.tf",
    text: `variable "environment" {
  type = string
  validation {
    condition     = contains(["dev", "prod"], var.environment)
    error_message = "The environment must be dev or prod."
  }
}
variable "replicas" {
  type    = number
  default = 2
}`,
  },
  { name: "terraform.tfvars", text: 'environment = "prod"\nreplicas = "3"\n' },
];

const result = checkVariables(loadModule(files), { files });
for (const v of result.variables) console.log(`var.${v.declaration.name} = ${consoleString(v.value!)}`);

const wrong = [files[0]!, { name: "terraform.tfvars", text: 'environment = "qa"\n' }];
for (const d of checkVariables(loadModule(wrong), { files: wrong }).diagnostics) {
  console.log(`${d.summary}: ${d.detail.split("\n")[0]}`);
}
