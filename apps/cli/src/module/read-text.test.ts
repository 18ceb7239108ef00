import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readText } from "./read-text.js";

describe("readText", () => {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-read-"));
  const cases: [string, Buffer][] = [
    ["ascii", Buffer.from('name = "prod"\n# comment\r\n')],
    ["empty", Buffer.alloc(0)],
    ["utf-8", Buffer.from('name = "Bücher 😀"\n', "utf8")],
    ["byte order mark", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("a = 1\n")])],
    ["invalid utf-8", Buffer.from([0x61, 0x20, 0x3d, 0x20, 0x22, 0xff, 0xc3, 0x22, 0x0a])],
    ["bytes above 0x7f only", Buffer.from([0x80, 0xa0, 0xff])],
  ];
  for (const [name, bytes] of cases) {
    it(`reads ${name} text as readFileSync(path, "utf8") does`, () => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      expect(readText(path)).toBe(readFileSync(path, "utf8"));
    });
  }
});
