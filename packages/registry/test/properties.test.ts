// Invariants of the whole package: every address and version renders to text that parses back
// to itself, canonical constraint strings are fixed points, and both engines' `allows` agree
// with a brute-force reading of the constraint on random versions.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  parseModuleSource,
  parseModuleVersion,
  parseModuleVersionConstraint,
  parseProviderSource,
  parseProviderVersion,
  parseProviderVersionConstraint,
  parseProviderVersionConstraintRuby,
} from "../src/index.js";

const RUNS = { numRuns: 300 };
const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const lowerAlnum = "abcdefghijklmnopqrstuvwxyz0123456789";
const chars = (set: string, min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...set), minLength: min, maxLength: max });

// Registry names: alphanumeric ends, dashes and underscores inside.
const registryName = fc
  .tuple(chars(alnum, 1, 1), chars(`${alnum}-_`, 0, 10), chars(alnum, 1, 1))
  .map(([a, b, c]) => a + b + c);
const host = fc.constantFrom(
  "registry.opentofu.org",
  "example.com",
  "Example.COM:8443",
  "испытание.com",
  "gitlab.com",
  "a--b.example:443",
);
const segment = chars(`${lowerAlnum}-_`, 1, 8).filter((s) => s !== "." && s !== "..");
const subdir = fc.array(segment, { maxLength: 3 }).map((parts) => parts.join("/"));

describe("addresses round-trip through their text", () => {
  it("registry module sources", () => {
    fc.assert(
      fc.property(
        fc.option(host),
        registryName,
        registryName,
        chars(lowerAlnum, 1, 10),
        subdir,
        (h, ns, name, system, sub) => {
          const raw = `${h === null ? "" : `${h}/`}${ns}/${name}/${system}${sub === "" ? "" : `//${sub}`}`;
          const first = parseModuleSource(raw);
          expect(first.kind).toBe("registry");
          const again = parseModuleSource(String(first));
          expect(again).toEqual(first);
          expect(parseModuleSource(first.forDisplay())).toEqual(first);
        },
      ),
      RUNS,
    );
  });

  it("local module sources", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("./", "../", ".\\", "..\\"),
        fc.array(fc.oneof(segment, fc.constant("..")), { maxLength: 5 }),
        (prefix, parts) => {
          const first = parseModuleSource(prefix + parts.join("/"));
          expect(first.kind).toBe("local");
          expect(parseModuleSource(String(first))).toEqual(first);
        },
      ),
      RUNS,
    );
  });

  it("remote module sources", () => {
    const pkg = fc.oneof(
      fc.tuple(registryName, registryName).map(([a, b]) => `github.com/${a}/${b}`),
      fc.tuple(segment, segment).map(([a, b]) => `git::https://example.com/${a}/${b}.git`),
      fc.tuple(segment, segment).map(([a, b]) => `git@example.com:${a}/${b}.git`),
      fc.tuple(segment, segment).map(([a, b]) => `https://example.com/${a}/${b}.zip`),
      fc.tuple(segment, segment).map(([a, b]) => `/srv/${a}/${b}`),
    );
    const query = fc.option(chars(lowerAlnum, 1, 6).map((r) => `?ref=${r}`));
    fc.assert(
      fc.property(pkg, subdir, query, (p, sub, q) => {
        const first = parseModuleSource(`${p}${sub === "" ? "" : `//${sub}`}${q ?? ""}`);
        expect(first.kind).toBe("remote");
        expect(parseModuleSource(String(first))).toEqual(first);
      }),
      RUNS,
    );
  });

  it("provider sources", () => {
    const part = fc
      .tuple(chars(lowerAlnum, 1, 1), fc.array(chars(lowerAlnum, 1, 4), { maxLength: 3 }))
      .map(([a, rest]) => [a, ...rest].join("-"))
      .filter((p) => !p.startsWith("terraform-") && !p.startsWith("opentofu-"));
    const providerHost = fc.constantFrom(
      "registry.opentofu.org",
      "example.com",
      "localhost:8080",
      "Испытание.com",
    );
    fc.assert(
      fc.property(providerHost, part, part, (h, ns, type) => {
        const first = parseProviderSource(`${h}/${ns.toUpperCase()}/${type}`);
        expect(parseProviderSource(String(first))).toEqual(first);
        expect(parseProviderSource(first.forDisplay())).toEqual(first);
      }),
      RUNS,
    );
  });
});

const num = fc.integer({ min: 0, max: 12 });
const release = fc.tuple(num, num, num);
const prerelease = fc.option(fc.constantFrom("alpha", "beta.2", "rc1", "1", "beta.11"), { freq: 3 });

describe("versions round-trip through their text", () => {
  it("in both engines", () => {
    fc.assert(
      fc.property(release, prerelease, fc.option(fc.constantFrom("b1", "x.y")), ([a, b, c], pre, meta) => {
        const text = `${a}.${b}.${c}${pre === null ? "" : `-${pre}`}${meta === null ? "" : `+${meta}`}`;
        expect(String(parseProviderVersion(text))).toBe(text);
        expect(String(parseModuleVersion(`v${text}`))).toBe(text);
        expect(parseProviderVersion(String(parseProviderVersion(text)))).toEqual(parseProviderVersion(text));
      }),
      RUNS,
    );
  });
});

type Triple = readonly [number, number, number];
const cmp = (x: Triple, y: Triple): number => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
const op = fc.constantFrom("=", "!=", ">", ">=", "<", "<=", "~>");
const written = fc.oneof(
  num.map((a) => [a] as const),
  fc.tuple(num, num),
  fc.tuple(num, num, num),
);

// The reading both engines share, and where `~>` parts ways.
function bruteForce(engine: "module" | "provider", o: string, w: readonly number[], v: Triple): boolean {
  const c: Triple = [w[0]!, w[1] ?? 0, w[2] ?? 0];
  const d = cmp(v, c);
  switch (o) {
    case "=":
      return d === 0;
    case "!=":
      return d !== 0;
    case ">":
      return d > 0;
    case ">=":
      return d >= 0;
    case "<":
      return d < 0;
    case "<=":
      return d <= 0;
    default: {
      if (d < 0) return false;
      if (w.length === 3) return v[0] === c[0] && v[1] === c[1];
      if (w.length === 2) return v[0] === c[0];
      return engine === "module" ? true : v[0] === c[0];
    }
  }
}

describe("allows agrees with a brute-force reading", () => {
  const constraint = fc.array(fc.tuple(op, written), { minLength: 1, maxLength: 3 });
  it("for both engines, on release versions", () => {
    fc.assert(
      fc.property(constraint, fc.array(release, { minLength: 1, maxLength: 8 }), (pieces, versions) => {
        const text = pieces.map(([o, w]) => `${o} ${w.join(".")}`).join(", ");
        const mod = parseModuleVersionConstraint(text);
        const prov = parseProviderVersionConstraint(text);
        for (const v of versions) {
          const vt = v.join(".");
          expect(mod.allows(vt), `${text} ${vt} (module)`).toBe(
            pieces.every(([o, w]) => bruteForce("module", o, w, v)),
          );
          expect(prov.allows(vt), `${text} ${vt} (provider)`).toBe(
            pieces.every(([o, w]) => bruteForce("provider", o, w, v)),
          );
        }
      }),
      RUNS,
    );
  });

  it("a provider constraint's canonical text is a fixed point that allows the same versions", () => {
    fc.assert(
      fc.property(
        constraint,
        fc.array(fc.tuple(release, prerelease), { maxLength: 8 }),
        (pieces, versions) => {
          const c = parseProviderVersionConstraintRuby(
            pieces.map(([o, w]) => `${o} ${w.join(".")}`).join(", "),
          );
          const again = parseProviderVersionConstraintRuby(String(c));
          expect(String(again)).toBe(String(c));
          for (const [v, pre] of versions) {
            const vt = `${v.join(".")}${pre === null ? "" : `-${pre}`}`;
            expect(again.allows(vt)).toBe(c.allows(vt));
          }
        },
      ),
      RUNS,
    );
  });

  it("providers never select an unrequested prerelease", () => {
    fc.assert(
      fc.property(constraint, release, fc.constantFrom("alpha", "rc.1"), (pieces, v, pre) => {
        const text = pieces.map(([o, w]) => `${o} ${w.join(".")}`).join(", ");
        expect(parseProviderVersionConstraint(text).allows(`${v.join(".")}-${pre}`)).toBe(false);
      }),
      RUNS,
    );
  });
});
