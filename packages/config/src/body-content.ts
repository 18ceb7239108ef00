// hcl's Body.Content and PartialContent for a ConfigBody: the arguments and blocks a schema does
// not know, and the required arguments missing, with each syntax's own texts ("Unsupported
// argument" in native syntax, "Extraneous JSON object property" in JSON).
import { type Diagnostic, errorDiag, nameSuggestion } from "@tofukit/hcl";
import type { ConfigBody } from "./config-body.js";

interface BodySchema {
  readonly attributes: readonly { readonly name: string; readonly required?: boolean }[];
  readonly blocks: readonly string[];
}

/**
 * The problems of `body` against `schema`. Names in `hidden` (the arguments a partial decode took
 * already) count as neither known nor unknown. With `partial`, unknown names are no problem.
 */
export function bodyContentProblems(
  body: ConfigBody,
  schema: BodySchema,
  options: { readonly hidden?: ReadonlySet<string>; readonly partial?: boolean } = {},
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const hidden = options.hidden ?? new Set<string>();
  const attributeNames = schema.attributes.map((a) => a.name);
  const known = new Set(attributeNames);
  const given = new Set<string>();
  for (const b of body.attributes) given.add(b.name);
  for (const a of schema.attributes) {
    if (a.required && !given.has(a.name)) {
      out.push(
        errorDiag(
          "Missing required argument",
          `The argument ${JSON.stringify(a.name)} is required, but no definition was found.`,
          body.missingItemRange,
        ),
      );
    }
  }
  if (options.partial) return out;
  for (const attr of body.attributes) {
    if (hidden.has(attr.name) || known.has(attr.name)) continue;
    if (body.syntax === "json") {
      const suggestion = nameSuggestion(attr.name, [...attributeNames, ...schema.blocks]);
      out.push(
        errorDiag(
          "Extraneous JSON object property",
          `No argument or block type is named ${JSON.stringify(attr.name)}.${suggestion === "" ? "" : ` Did you mean ${JSON.stringify(suggestion)}?`}`,
          attr.nameRange,
        ),
      );
      continue;
    }
    const suggestion = nameSuggestion(
      attr.name,
      attributeNames.filter((a) => !given.has(a)),
    );
    const hint =
      suggestion !== ""
        ? ` Did you mean ${JSON.stringify(suggestion)}?`
        : schema.blocks.includes(attr.name)
          ? ` Did you mean to define a block of type ${JSON.stringify(attr.name)}?`
          : "";
    out.push(
      errorDiag(
        "Unsupported argument",
        `An argument named ${JSON.stringify(attr.name)} is not expected here.${hint}`,
        attr.nameRange,
      ),
    );
  }
  for (const block of body.blocks) {
    if (hidden.has(block.type) || schema.blocks.includes(block.type)) continue;
    const suggestion = nameSuggestion(block.type, schema.blocks);
    const hint =
      suggestion !== ""
        ? ` Did you mean ${JSON.stringify(suggestion)}?`
        : attributeNames.includes(block.type)
          ? ` Did you mean to define argument ${JSON.stringify(block.type)}? If so, use the equals sign to assign it a value.`
          : "";
    out.push(
      errorDiag(
        "Unsupported block type",
        `Blocks of type ${JSON.stringify(block.type)} are not expected here.${hint}`,
        block.typeRange,
      ),
    );
  }
  return out;
}
