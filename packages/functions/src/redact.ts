// OpenTofu's redactIfSensitiveOrEphemeral: error messages name a marked value only by what it is.
import { EPHEMERAL, SENSITIVE, unmarkDeep, type Value } from "@tofukit/cty";

/** The value without its marks, and its marks. */
export function redactedMarks(v: Value): { readonly value: Value; readonly marks: ReadonlySet<string> } {
  return unmarkDeep(v);
}

/** `text`, or "(sensitive value)", "(ephemeral value)" or "(ephemeral sensitive value)" for marked values. */
export function redactIfMarked(text: string, marks: ReadonlySet<string>): string {
  const sensitive = marks.has(SENSITIVE);
  const ephemeral = marks.has(EPHEMERAL);
  if (sensitive && ephemeral) return "(ephemeral sensitive value)";
  if (ephemeral) return "(ephemeral value)";
  if (sensitive) return "(sensitive value)";
  return text;
}
