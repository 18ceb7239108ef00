import { describe, expect, it } from "vitest";
import { escapeStrayTags } from "./escape-html.js";

describe("escapeStrayTags", () => {
  it("escapes a tag-like word in prose and keeps code and TypeDoc's anchors", () => {
    const md =
      '| <a id="property-from"></a> `from` | "TF_VAR_<name>" and `Map<K, V>` |\n```ts\nconst a: Array<string> = [];\n```';
    expect(escapeStrayTags(md)).toBe(
      '| <a id="property-from"></a> `from` | "TF_VAR_&lt;name>" and `Map<K, V>` |\n```ts\nconst a: Array<string> = [];\n```',
    );
  });
});
