// YAML text to cty values as go-cty-yaml's yamldecode: one document; mappings become objects,
// sequences tuples; scalars resolved by go-cty-yaml's rules (YAML 1.1 booleans such as yes/on,
// ~ and null, decimal/0x/0o integers, .inf, timestamps as RFC 3339 strings, quoted scalars
// always strings); anchors, aliases and `<<` merge keys. The syntax is read by the `yaml`
// package, so syntax errors are worded as it words them; the rest are go-cty-yaml's.

import {
  boolVal,
  CtyNumber,
  emptyObjectVal,
  emptyTupleVal,
  FunctionError,
  friendlyName,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  t,
  tupleVal,
  type Value,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  parseAllDocuments,
  type Scalar,
} from "yaml";
import { base64Decode } from "../base64.js";
import { utf8Bytes } from "../utf8.js";
import { yamlTimestamp } from "./yaml-timestamp.js";

const TAG = "tag:yaml.org,2002:";
const RESOLVABLE = new Set(
  ["", "str", "bool", "int", "float", "null", "timestamp", "binary"].map((s) => (s ? TAG + s : s)),
);

const TRUE = ["y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"];
const FALSE = ["n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"];
const NULLS = ["", "~", "null", "Null", "NULL"];
const INF = [".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF"];
const NEG_INF = ["-.inf", "-.Inf", "-.INF"];

const INTEGER = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;

/** A failure at a place in the text: "on line L, column C: …" as go-cty-yaml words it. */
class YamlError extends Error {}

type Where = (node: { range?: readonly number[] | null | undefined } | null) => string;

function known(src: string): Value | undefined {
  if (TRUE.includes(src)) return boolVal(true);
  if (FALSE.includes(src)) return boolVal(false);
  if (NULLS.includes(src)) return nullVal(t.dynamic);
  if (INF.includes(src)) return numberVal(CtyNumber.infinity(false));
  if (NEG_INF.includes(src)) return numberVal(CtyNumber.infinity(true));
  return undefined;
}

/** Go's strconv.ParseInt/ParseUint with base 0 (0x, 0o, 0b and leading-0 octal), as a bigint. */
function goBaseZeroInt(s: string): bigint | null {
  const m = /^([-+]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/.exec(s);
  if (m === null) return null;
  let body = m[2]!.toLowerCase();
  if (/^0[0-7]+$/.test(body)) body = `0o${body.slice(1)}`;
  const v = BigInt(body);
  const signed = m[1] === "-" ? -v : v;
  return signed >= -(2n ** 63n) && signed < 2n ** 64n ? signed : null;
}

function parseNumberLoose(s: string): Value | null {
  const n = CtyNumber.parse(s);
  if (n !== null) return numberVal(n);
  const i = goBaseZeroInt(s);
  return i === null ? null : numberVal(i);
}

/** go-cty-yaml's resolveScalar. */
function resolveScalar(tag: string, src: string, quoted: boolean): Value {
  if (!RESOLVABLE.has(tag)) throw new FunctionError(`unsupported tag ${goQuote(tag)}`);
  const first = src === "" ? "N" : src[0]!;
  const hint =
    src === ""
      ? "N"
      : /[-+]/.test(first)
        ? "S"
        : /[0-9]/.test(first)
          ? "D"
          : /[yYnNtTfFoO~]/.test(first)
            ? "M"
            : first === "."
              ? "."
              : "";
  let resolvedTag = tag;
  if (hint !== "" && tag !== `${TAG}str` && tag !== `${TAG}binary`) {
    if (quoted) return stringVal(src);
    const k = known(src);
    if (k !== undefined) return k;
    if (tag === "" && (src === ".nan" || src === ".NaN" || src === ".NAN")) {
      throw new FunctionError("floating point NaN is not supported");
    }
    if (hint === ".") {
      const n = CtyNumber.parse(src);
      if (n !== null) return numberVal(n);
    } else if (hint === "D" || hint === "S") {
      if (tag === "" || tag === `${TAG}timestamp`) {
        const ts = yamlTimestamp(src);
        if (ts !== null) return stringVal(ts);
      }
      if (INTEGER.test(src)) resolvedTag = `${TAG}int`;
      else if (FLOAT.test(src)) resolvedTag = `${TAG}float`;
    }
  }
  switch (resolvedTag) {
    case `${TAG}binary`:
      if (!("bytes" in base64Decode(utf8Bytes(src)))) {
        throw new FunctionError(`cannot parse ${goQuote(src)} as ${resolvedTag}: not valid base64`);
      }
      return stringVal(src);
    case `${TAG}str`:
    case "":
      return stringVal(src);
    case `${TAG}bool`: {
      if (TRUE.includes(src)) return boolVal(true);
      if (FALSE.includes(src)) return boolVal(false);
      throw new FunctionError(`cannot parse ${goQuote(src)} as ${resolvedTag}`);
    }
    case `${TAG}float`:
    case `${TAG}int`: {
      const v = parseNumberLoose(src.replaceAll("_", ""));
      if (v === null) throw new FunctionError(`cannot parse ${goQuote(src)} as ${resolvedTag}`);
      return v;
    }
    case `${TAG}timestamp`: {
      const ts = yamlTimestamp(src);
      if (ts === null) throw new FunctionError(`cannot parse ${goQuote(src)} as ${resolvedTag}`);
      return stringVal(ts);
    }
    default:
      return nullVal(t.dynamic);
  }
}

function scalarValue(node: Scalar, where: Where): Value {
  const tag = node.tag ?? "";
  // An untagged non-plain scalar is a string whatever it says (go-cty-yaml's "not implicit").
  if (tag === "" && node.type !== "PLAIN") return stringVal(String(node.value));
  try {
    return resolveScalar(
      tag,
      String(node.value),
      node.type === "QUOTE_SINGLE" || node.type === "QUOTE_DOUBLE",
    );
  } catch (e) {
    if (e instanceof FunctionError) throw new YamlError(`${where(node)}${e.message}`);
    throw e;
  }
}

interface Decoder {
  readonly where: Where;
  readonly anchors: Map<string, Value>;
  /** Anchors whose nodes are being decoded: an alias to one would make the value infinite. */
  readonly pending: Set<string>;
}

function mergeInto(attrs: Map<string, Value>, v: Value, at: string): void {
  if (v.type.kind === "object") {
    const values = v.entryValues();
    v.entryKeys().forEach((k, i) => {
      attrs.set(k, values[i]!);
    });
    return;
  }
  if (v.type.kind === "tuple") {
    for (const e of v.elements()) {
      if (e.type.kind !== "object")
        throw new YamlError(`${at}cannot merge ${friendlyName(e.type)} (from sequence) into mapping`);
      mergeInto(attrs, e, at);
    }
    return;
  }
  throw new YamlError(`${at}cannot merge ${friendlyName(v.type)} into mapping`);
}

function decodeNode(node: Node | null, d: Decoder): Value {
  if (node === null) return nullVal(t.dynamic);
  let v: Value;
  if (isAlias(node)) {
    if (d.pending.has(node.source)) {
      throw new YamlError(
        `${d.where(node)}cannot refer to anchor ${goQuote(node.source)} from inside its own definition`,
      );
    }
    const a = d.anchors.get(node.source);
    if (a === undefined) {
      throw new YamlError(`${d.where(node)}reference to undefined anchor ${goQuote(node.source)}`);
    }
    return a;
  }
  if (node.anchor !== undefined) d.pending.add(node.anchor);
  if (isScalar(node)) v = scalarValue(node, d.where);
  else if (isMap(node)) {
    if (node.tag !== undefined && node.tag !== `${TAG}map`) {
      throw new YamlError(`${d.where(node)}can't interpret mapping as ${node.tag}`);
    }
    const attrs = new Map<string, Value>();
    for (const pair of node.items) {
      const key = pair.key as Node | null;
      const value = pair.value as Node | null;
      if (
        key !== null &&
        isScalar(key) &&
        ((key.tag === undefined && key.type === "PLAIN" && key.value === "<<") || key.tag === `${TAG}merge`)
      ) {
        mergeInto(attrs, decodeNode(value, d), d.where(key));
        continue;
      }
      if (key === null || !isScalar(key))
        throw new YamlError(`${d.where(key)}only strings are allowed as mapping keys`);
      const kv = scalarValue(key, d.where);
      if (kv.isNull) throw new YamlError(`${d.where(key)}mapping key cannot be null`);
      const name =
        kv.type.kind === "string"
          ? kv.asString()
          : kv.type.kind === "bool"
            ? String(kv.asBool())
            : kv.asNumber().toString();
      attrs.set(name, decodeNode(value, d));
    }
    v = attrs.size === 0 ? emptyObjectVal : objectVal([...attrs]);
  } else if (isSeq(node)) {
    if (node.tag !== undefined && node.tag !== `${TAG}seq`) {
      throw new YamlError(`${d.where(node)}can't interpret sequence as ${node.tag}`);
    }
    const elems = node.items.map((n) => decodeNode(n as Node | null, d));
    v = elems.length === 0 ? emptyTupleVal : tupleVal(elems);
  } else {
    throw new YamlError(`${d.where(node)}only strings are allowed as mapping keys`);
  }
  if (node.anchor !== undefined) {
    d.pending.delete(node.anchor);
    d.anchors.set(node.anchor, v);
  }
  return v;
}

/** yamldecode's result for known text. Throws FunctionError. */
export function yamlDecode(src: string): Value {
  const lines = new LineCounter();
  const docs = parseAllDocuments(src, {
    version: "1.1",
    schema: "failsafe",
    merge: false,
    uniqueKeys: false,
    prettyErrors: false,
    lineCounter: lines,
  });
  // go-cty-yaml gives a position only past the first line (its lines count from zero).
  const at = (offset: number | undefined): string => {
    if (offset === undefined) return "";
    const { line, col } = lines.linePos(offset);
    return line <= 1 ? "" : `on line ${line - 1}, column ${col}: `;
  };
  const where: Where = (node) => at(node?.range?.[0]);
  try {
    const list = Array.isArray(docs) ? docs : [docs];
    if (list.length === 0) throw new YamlError("missing start of document");
    for (const doc of list) {
      const err = doc.errors[0];
      if (err !== undefined) throw new YamlError(`${at(err.pos[0])}${err.message}`);
    }
    if (list.length > 1) throw new YamlError(`${at(list[1]!.range[0])}unexpected extra content after value`);
    return decodeNode(list[0]!.contents as Node | null, { where, anchors: new Map(), pending: new Set() });
  } catch (e) {
    if (e instanceof YamlError) throw new FunctionError(e.message);
    throw e;
  }
}
