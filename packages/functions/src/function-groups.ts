// The function library in groups that load on their own: OpenTofu's categories, with the functions
// that need a large dependency split off into groups of their own (regex: re2js; yaml: yaml;
// charsets: iconv-lite's tables; gzip: fflate; bcrypt: bcryptjs). This file names the functions
// of each group without loading any, so a caller can tell which groups an expression needs.

export type FunctionGroup =
  | "numeric"
  | "string"
  | "regex"
  | "collection"
  | "encoding"
  | "gzip"
  | "charsets"
  | "yaml"
  | "filesystem"
  | "datetime"
  | "crypto"
  | "bcrypt"
  | "network"
  | "conversion"
  | "sensitivity"
  | "try"
  | "assume"
  | "convert";

/** The functions each group provides (templatestring, in every table, is in none). */
export const functionGroups: Readonly<Record<FunctionGroup, readonly string[]>> = {
  numeric: ["abs", "ceil", "floor", "log", "max", "min", "parseint", "pow", "signum"],
  string: [
    "chomp",
    "endswith",
    "format",
    "formatlist",
    "indent",
    "join",
    "lower",
    "split",
    "startswith",
    "strcontains",
    "strrev",
    "substr",
    "title",
    "trim",
    "trimprefix",
    "trimspace",
    "trimsuffix",
    "upper",
  ],
  regex: ["regex", "regexall", "replace"],
  collection: [
    "alltrue",
    "anytrue",
    "chunklist",
    "coalescelist",
    "compact",
    "concat",
    "contains",
    "distinct",
    "element",
    "flatten",
    "index",
    "length",
    "one",
    "range",
    "reverse",
    "slice",
    "sort",
    "sum",
    "keys",
    "lookup",
    "matchkeys",
    "merge",
    "transpose",
    "values",
    "zipmap",
    "setintersection",
    "setproduct",
    "setsubtract",
    "setunion",
    "coalesce",
    "list",
    "map",
  ],
  encoding: [
    "base64decode",
    "base64encode",
    "csvdecode",
    "jsondecode",
    "jsonencode",
    "urldecode",
    "urlencode",
  ],
  gzip: ["base64gunzip", "base64gzip"],
  charsets: ["textdecodebase64", "textencodebase64"],
  yaml: ["yamldecode", "yamlencode"],
  filesystem: [
    "abspath",
    "basename",
    "dirname",
    "pathexpand",
    "file",
    "filebase64",
    "fileexists",
    "fileset",
    "templatefile",
  ],
  datetime: ["formatdate", "plantimestamp", "timeadd", "timecmp", "timestamp"],
  crypto: [
    "base64sha256",
    "base64sha512",
    "filebase64sha256",
    "filebase64sha512",
    "filemd5",
    "filesha1",
    "filesha256",
    "filesha512",
    "md5",
    "rsadecrypt",
    "sha1",
    "sha256",
    "sha512",
    "uuid",
    "uuidv5",
  ],
  bcrypt: ["bcrypt"],
  network: ["cidrcontains", "cidrhost", "cidrnetmask", "cidrsubnet", "cidrsubnets"],
  conversion: ["tobool", "tolist", "tomap", "tonumber", "toset", "tostring"],
  sensitivity: ["ephemeralasnull", "issensitive", "nonsensitive", "sensitive"],
  try: ["can", "try"],
  assume: [
    "assumeequal",
    "assumelistlength",
    "assumelistlengthmax",
    "assumelistlengthmin",
    "assumemaplength",
    "assumemaplengthmax",
    "assumemaplengthmin",
    "assumenotnull",
    "assumesetlength",
    "assumesetlengthmax",
    "assumesetlengthmin",
    "assumestringprefix",
  ],
  convert: ["convert"],
};

/** OpenTofu's categories in the order the table lists them, each as the groups it was split into. */
export const functionCategories: readonly (readonly FunctionGroup[])[] = [
  ["numeric"],
  ["string", "regex"],
  ["collection"],
  ["encoding", "gzip", "charsets", "yaml"],
  ["filesystem"],
  ["datetime"],
  ["crypto", "bcrypt"],
  ["network"],
  ["conversion"],
  ["sensitivity"],
  ["try"],
  // New in OpenTofu 1.13: the assume… functions, and convert, which reads a type constraint
  // (and so loads @tofukit/typeexpr).
  ["assume", "convert"],
];

const allGroupNames = Object.keys(functionGroups) as FunctionGroup[];
const groupOf = new Map<string, FunctionGroup>(
  allGroupNames.flatMap((g) => functionGroups[g].map((name) => [name, g] as const)),
);
// Templates are rendered with the whole table: what they call is known only when they render.
const TEMPLATE_FUNCTIONS = new Set(["templatestring", "templatefile"]);

/**
 * The groups whose functions a table needs for calls of `names` (plain or `core::` names) to
 * give the answers the whole library gives. A name that is no built-in function needs every
 * group, since the error for it suggests the closest name of the whole table, and so do the
 * template functions, whose templates may call anything.
 */
export function groupsProviding(names: Iterable<string>): FunctionGroup[] {
  const needed = new Set<FunctionGroup>();
  for (const given of names) {
    const name = given.startsWith("core::") ? given.slice("core::".length) : given;
    if (TEMPLATE_FUNCTIONS.has(name)) return [...allGroupNames];
    const group = groupOf.get(name);
    if (group === undefined) return [...allGroupNames];
    needed.add(group);
  }
  return allGroupNames.filter((g) => needed.has(g));
}
