// The content of an HCL CLI configuration file (.tofurc, *.tfrc), parsed with @tofukit/hcl.
// OpenTofu still reads these with HCL 1, whose values are plain constants: `"${HOME}/x"` is the text
// `${HOME}/x`, not a template. So values are read from the syntax tree as written, not evaluated.
import {
  type Attribute,
  type Block,
  type Body,
  type Expression,
  exprAsKeyword,
  formatRange,
  parseConfig,
} from "@tofukit/hcl";
import {
  type ConfigBlock,
  type ConfigFileContent,
  type ConfigObject,
  type ConfigValue,
  labelledBlockTypes,
} from "./config-content.js";
import { JsonNumber } from "./json-decode.js";

/** Reads one HCL file; syntax errors and non-constant values become problems. */
export function contentOfHcl(text: string, filename: string): ConfigFileContent {
  const source = Buffer.from(text, "utf8");
  const parsed = parseConfig(text, filename);
  const problems: string[] = [];
  for (const diagnostic of parsed.diagnostics) {
    if (diagnostic.severity !== "error") continue;
    problems.push(
      `${diagnostic.subject === undefined ? "" : `${formatRange(diagnostic.subject)}: `}${diagnostic.summary}${diagnostic.detail === "" ? "" : `; ${diagnostic.detail}`}`,
    );
  }
  if (problems.length > 0) return { blocks: [], settings: new Map(), problems };

  const reader = new ValueReader(source, problems);
  const blocks: ConfigBlock[] = [];
  const settings = new Map<string, ConfigValue>();
  for (const attribute of parsed.body.attributes) {
    const value = reader.attribute(attribute);
    if (value !== undefined) settings.set(attribute.name, value);
  }
  for (const block of parsed.body.blocks) {
    if (labelledBlockTypes.has(block.type)) {
      if (block.labels.length !== 1) {
        problems.push(`${formatRange(block.typeRange)}: a ${block.type} block needs exactly one label`);
        continue;
      }
      blocks.push({
        type: block.type as ConfigBlock["type"],
        label: block.labels[0] as string,
        body: reader.body(block.body),
      });
      continue;
    }
    // Any other block is kept as a setting: a list of its bodies, nested under its labels.
    const previous = settings.get(block.type);
    settings.set(block.type, [
      ...(Array.isArray(previous) ? (previous as readonly ConfigValue[]) : []),
      reader.block(block),
    ]);
  }
  return { blocks, settings, problems };
}

class ValueReader {
  constructor(
    readonly source: Buffer,
    readonly problems: string[],
  ) {}

  body(body: Body): ConfigObject {
    const object: Record<string, ConfigValue> = Object.create(null);
    for (const attribute of body.attributes) {
      const value = this.attribute(attribute);
      if (value !== undefined) object[attribute.name] = value;
    }
    for (const block of body.blocks) {
      const previous = object[block.type];
      object[block.type] = [
        ...(Array.isArray(previous) ? (previous as readonly ConfigValue[]) : []),
        this.block(block),
      ];
    }
    return object;
  }

  block(block: Block): ConfigValue {
    let value: ConfigValue = this.body(block.body);
    for (const label of [...block.labels].reverse()) {
      const wrapper: Record<string, ConfigValue> = Object.create(null);
      wrapper[label] = value;
      value = wrapper;
    }
    return value;
  }

  attribute(attribute: Attribute): ConfigValue | undefined {
    const value = this.value(attribute.expr);
    if (value === undefined) {
      this.problems.push(
        `${formatRange(attribute.expr.range)}: the value of "${attribute.name}" must be a constant`,
      );
    }
    return value;
  }

  /** A constant written in the source, or `undefined` for anything that would need evaluation. */
  value(expr: Expression): ConfigValue | undefined {
    switch (expr.kind) {
      case "literal": {
        const literal = expr.value;
        if (literal.type === "string" || literal.type === "bool") return literal.value;
        if (literal.type === "number") return new JsonNumber(literal.text);
        return literal.type === "null" ? null : undefined;
      }
      case "template": {
        let text = "";
        for (const part of expr.parts) {
          const value = part.kind === "literal" ? this.value(part) : undefined;
          text += typeof value === "string" ? value : `\${${this.text(part)}}`;
        }
        return text;
      }
      case "templateWrap":
        return `\${${this.text(expr.wrapped)}}`;
      case "parentheses":
        return this.value(expr.expr);
      case "unaryOp": {
        const operand = expr.op === "-" ? this.value(expr.operand) : undefined;
        return operand instanceof JsonNumber ? new JsonNumber(`-${operand.text}`) : undefined;
      }
      case "tuple": {
        const items: ConfigValue[] = [];
        for (const item of expr.exprs) {
          const value = this.value(item);
          if (value === undefined) return undefined;
          items.push(value);
        }
        return items;
      }
      case "object": {
        const object: Record<string, ConfigValue> = Object.create(null);
        for (const item of expr.items) {
          const key = this.key(item.key);
          const value = this.value(item.value);
          if (key === undefined || value === undefined) return undefined;
          object[key] = value;
        }
        return object;
      }
      default:
        return undefined;
    }
  }

  /** Object keys: a bare name, or a constant string, number or bool. */
  key(expr: Expression): string | undefined {
    const keyword = expr.kind === "objectKey" && !expr.forceNonLiteral ? exprAsKeyword(expr.wrapped) : "";
    if (keyword !== "") return keyword;
    const value = this.value(expr.kind === "objectKey" ? expr.wrapped : expr);
    if (typeof value === "string") return value;
    if (typeof value === "boolean") return String(value);
    return value instanceof JsonNumber ? value.text : undefined;
  }

  text(expr: Expression): string {
    return this.source.subarray(expr.range.start.byte, expr.range.end.byte).toString("utf8");
  }
}
