import { boolVal, listVal, numberVal, stringVal } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { callError, fn } from "../../test/function-call.js";
import { networkFunctions } from "./network-functions.js";

const table = networkFunctions({});
const s = stringVal;
const n = (x: number | string) => numberVal(typeof x === "number" ? BigInt(x) : x);

describe("cidrhost", () => {
  const host = fn(table, "cidrhost");
  it.each([
    ["192.168.1.0/24", 5, "192.168.1.5"],
    ["192.168.1.0/24", -5, "192.168.1.251"],
    ["192.168.1.0/24", -256, "192.168.1.0"],
    ["010.001.0.0/24", 6, "10.1.0.6"],
    ["10.12.112.0/20", 16, "10.12.112.16"],
    ["10.12.112.0/20", 268, "10.12.113.12"],
    ["fd00:fd12:3456:7890:00a2::/72", 34, "fd00:fd12:3456:7890::22"],
    ["0.0.0.0/0", 0, "0.0.0.0"],
    ["::/0", 1, "::1"],
  ])("cidrhost(%j, %j) is %j", (prefix, num, want) => {
    expect(host.call([s(prefix), n(num)])).toEqual(s(want));
  });

  it("counts host numbers past 2^64 exactly in an IPv6 prefix", () => {
    expect(host.call([s("2001:db8::/32"), n("18446744073709551617")]).asString()).toBe("2001:db8:0:1::1");
  });

  it("refuses host numbers the prefix cannot hold, as go-cidr words it", () => {
    expect(callError(host, [s("192.168.1.0/30"), n(255)])).toEqual({
      message: "prefix of 30 does not accommodate a host numbered 255",
    });
    // go-cidr counts negative numbers from the end and reports the number it counted to.
    expect(callError(host, [s("192.168.1.0/30"), n(-255)])).toEqual({
      message: "prefix of 30 does not accommodate a host numbered -251",
    });
  });

  it("refuses what Go's parser refuses", () => {
    expect(callError(host, [s("not-a-cidr"), n(6)]).message).toBe(
      "invalid CIDR expression: invalid CIDR address: not-a-cidr",
    );
    expect(callError(host, [s("10.256.0.0/8"), n(6)]).message).toBe(
      "invalid CIDR expression: invalid CIDR address: 10.256.0.0/8",
    );
    expect(callError(host, [s("10.0.0.0/33"), n(1)]).message).toBe(
      "invalid CIDR expression: invalid CIDR address: 10.0.0.0/33",
    );
    expect(callError(host, [s("10.0.0.0/+8"), n(1)]).message).toBe(
      "invalid CIDR expression: invalid CIDR address: 10.0.0.0/+8",
    );
  });

  it("refuses fractions", () => {
    expect(callError(host, [s("10.0.0.0/8"), n("0.75")])).toEqual({
      message: "value must be a whole number",
    });
  });
});

describe("cidrnetmask", () => {
  const netmask = fn(table, "cidrnetmask");
  it.each([
    ["192.168.1.0/24", "255.255.255.0"],
    ["192.168.1.0/32", "255.255.255.255"],
    ["0.0.0.0/0", "0.0.0.0"],
    ["010.001.0.0/24", "255.255.255.0"],
    ["172.16.0.0/12", "255.240.0.0"],
  ])("cidrnetmask(%j) is %j", (prefix, want) => {
    expect(netmask.call([s(prefix)])).toEqual(s(want));
  });

  it("refuses IPv6 prefixes and bad ones", () => {
    expect(callError(netmask, [s("1::/64")]).message).toBe("IPv6 addresses cannot have a netmask: 1::/64");
    expect(callError(netmask, [s("110.256.0.0/8")]).message).toBe(
      "invalid CIDR expression: invalid CIDR address: 110.256.0.0/8",
    );
  });
});

describe("cidrsubnet", () => {
  const subnet = fn(table, "cidrsubnet");
  it.each([
    ["192.168.2.0/20", 4, 6, "192.168.6.0/24"],
    ["fe80::/48", 16, 6, "fe80:0:0:6::/64"],
    ["::ffff:192.168.0.0/112", 8, 6, "192.168.6.0/24"],
    ["fe80::/48", 33, 6, "fe80::3:0:0:0/81"],
    ["010.001.0.0/24", 4, 1, "10.1.0.16/28"],
    ["172.16.0.0/12", 4, 2, "172.18.0.0/16"],
    ["10.1.2.0/24", 4, 15, "10.1.2.240/28"],
    ["fd00:fd12:3456:7890::/56", 16, 162, "fd00:fd12:3456:7800:a200::/72"],
  ])("cidrsubnet(%j, %j, %j) is %j", (prefix, bits, num, want) => {
    expect(subnet.call([s(prefix), n(bits), n(num)])).toEqual(s(want));
  });

  it("gives go-cidr's messages", () => {
    expect(callError(subnet, [s("192.168.0.0/30"), n(4), n(6)]).message).toBe(
      "insufficient address space to extend prefix of 30 by 4",
    );
    expect(callError(subnet, [s("192.168.0.0/16"), n(2), n(16)]).message).toBe(
      "prefix extension of 2 does not accommodate a subnet numbered 16",
    );
    expect(callError(subnet, [s("192.168.0.0/168"), n(2), n(16)]).message).toBe(
      "invalid CIDR expression: invalid CIDR address: 192.168.0.0/168",
    );
    expect(callError(subnet, [s("10.0.0.0/8"), n("0.5"), n(1)]).message).toBe(
      "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
    );
  });
});

describe("cidrsubnets", () => {
  const subnets = fn(table, "cidrsubnets");
  const list = (...xs: string[]) => listVal(xs.map(s));
  it("allocates consecutive subnets of the given sizes", () => {
    expect(subnets.call([s("10.0.0.0/21"), ...[3, 3, 3, 4, 4, 4, 7, 7, 7].map(n)])).toEqual(
      list(
        "10.0.0.0/24",
        "10.0.1.0/24",
        "10.0.2.0/24",
        "10.0.3.0/25",
        "10.0.3.128/25",
        "10.0.4.0/25",
        "10.0.4.128/28",
        "10.0.4.144/28",
        "10.0.4.160/28",
      ),
    );
    expect(subnets.call([s("2001:0db8:0102:0304::/64"), ...[32, 56, 63, 64].map(n)])).toEqual(
      list(
        "2001:db8:102:304::/96",
        "2001:db8:102:304:0:1::/120",
        "2001:db8:102:304:0:1:0:100/127",
        "2001:db8:102:304:0:1:0:102/128",
      ),
    );
    expect(subnets.call([s("2001:db8:1100::/56"), ...[8, 8, 8, 8].map(n)])).toEqual(
      list("2001:db8:1100::/64", "2001:db8:1100:1::/64", "2001:db8:1100:2::/64", "2001:db8:1100:3::/64"),
    );
    expect(subnets.call([s("010.0.0.0/21"), n(3)])).toEqual(list("10.0.0.0/24"));
    expect(subnets.call([s("10.0.0.0/8")]).elements()).toEqual([]);
  });

  it("reports the failing argument with OpenTofu's messages", () => {
    expect(callError(subnets, [s("10.0.0.0/30"), n(1), n(3)])).toEqual({
      message: "would extend prefix to 33 bits, which is too long for an IPv4 address",
      argIndex: 2,
    });
    expect(callError(subnets, [s("2001:db8:ffff::/127"), n(2)])).toEqual({
      message: "would extend prefix to 129 bits, which is too long for an IPv6 address",
      argIndex: 1,
    });
    expect(callError(subnets, [s("::/1"), n(129)]).message).toBe(
      "would extend prefix to 130 bits, which is too long for an IPv6 address",
    );
    expect(callError(subnets, [s("10.0.0.0/8"), n(1), n(1), n(1)])).toEqual({
      message: "not enough remaining address space for a subnet with a prefix of 9 bits after 10.128.0.0/9",
      argIndex: 3,
    });
    expect(callError(subnets, [s("2001:db8:1100::/125"), ...[2, 2, 2, 2, 2].map(n)]).message).toBe(
      "not enough remaining address space for a subnet with a prefix of 127 bits after 2001:db8:1100::6/127",
    );
    expect(callError(subnets, [s("10.0.0.0/8"), n(1), n(0)])).toEqual({
      message: "must extend prefix by at least one bit",
      argIndex: 2,
    });
    expect(callError(subnets, [s("10.0.0.0/8"), n(1), n(-1)]).message).toBe(
      "must extend prefix by at least one bit",
    );
    expect(callError(subnets, [s("bad"), n(1)])).toEqual({
      message: "invalid CIDR expression: invalid CIDR address: bad",
      argIndex: 0,
    });
  });
});

describe("cidrcontains", () => {
  const contains = fn(table, "cidrcontains");
  it.each([
    ["192.168.2.0/20", "192.168.2.1", true],
    ["192.168.2.0/20", "192.168.2.0/22", true],
    ["192.168.2.0/20", "192.126.2.1", false],
    ["192.168.2.0/20", "192.126.2.0/18", false],
    ["fe80::/48", "fe80::1", true],
    ["fe80::/48", "fe81::1", false],
    ["10.0.0.0/8", "::ffff:10.1.2.3", true],
  ])("cidrcontains(%j, %j) is %j", (prefix, addr, want) => {
    expect(contains.call([s(prefix), s(addr)])).toEqual(boolVal(want));
  });

  it("refuses mixed families and bad input", () => {
    for (const [p, a] of [
      ["192.168.2.0/20", "fe80::1"],
      ["192.168.2.0/20", "fe80::/24"],
      ["fe80::/48", "192.168.2.1"],
      ["fe80::/48", "192.168.2.0/20"],
    ] as const) {
      expect(callError(contains, [s(p), s(a)]).message).toBe(`address family mismatch: ${p} vs. ${a}`);
    }
    expect(callError(contains, [s("not-a-cidr"), s("192.168.2.1")]).message).toBe(
      "invalid CIDR address: not-a-cidr",
    );
    expect(callError(contains, [s("192.168.2.0/20"), s("not-an-address")]).message).toBe(
      "invalid IP address or prefix: not-an-address",
    );
  });
});
