import { tokenVariableHost, tokenVariableName } from "@tofukit/credentials/names";
import { displayOf, forComparison } from "@tofukit/hostname";

const host = forComparison("Bücher.example");
console.log(host);
console.log(displayOf(host));
console.log(tokenVariableName(host));
console.log(tokenVariableHost("TF_TOKEN_app_terraform_io"));
