import { ConversionError, convert, formatPath } from "@tofukit/convert";
import { evaluateConstant, parseExpression } from "@tofukit/hcl";
import { parseTypeConstraint } from "@tofukit/typeexpr";

const { type } = parseTypeConstraint("map(number)");
const { expr } = parseExpression(`{ web = 80, api = "eighty" }`);
try {
  convert(evaluateConstant(expr), type);
} catch (error) {
  if (error instanceof ConversionError) console.log(`${formatPath(error.path)}: ${error.message}`);
}
