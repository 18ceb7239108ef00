// The network functions: cidrcontains, cidrhost, cidrnetmask, cidrsubnet, cidrsubnets, as
// OpenTofu's funcs/cidr.go (addresses parsed as its ipaddr fork, arithmetic as go-cidr).
import { boolVal, CtyFunction, FunctionError, listVal, listValEmpty, stringVal, t } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";
import { goBigInt, goInt } from "../whole-number.js";
import { addressRange, hostBig, nextSubnet, previousSubnet, subnetBig } from "./cidr.js";
import {
  type IPNet,
  ipString,
  maskSize,
  netContains,
  netString,
  parseCIDR,
  parseIP,
  to4,
} from "./ip-address.js";

function network(prefix: string, argIndex?: number): IPNet {
  const net = parseCIDR(prefix);
  if (net === null)
    throw new FunctionError(`invalid CIDR expression: invalid CIDR address: ${prefix}`, argIndex);
  return net;
}

const cidrhost = new CtyFunction({
  params: [
    { name: "prefix", type: t.string },
    { name: "hostnum", type: t.number },
  ],
  type: () => t.string,
  impl: ([prefix, hostnum]) => {
    const num = goBigInt(hostnum!);
    return stringVal(ipString(hostBig(network(prefix!.asString()), num)));
  },
});

const cidrnetmask = new CtyFunction({
  params: [{ name: "prefix", type: t.string }],
  type: () => t.string,
  impl: ([prefix]) => {
    const text = prefix!.asString();
    const net = network(text);
    if (to4(net.ip) === null) throw new FunctionError(`IPv6 addresses cannot have a netmask: ${text}`);
    return stringVal(ipString(net.mask));
  },
});

const cidrsubnet = new CtyFunction({
  params: [
    { name: "prefix", type: t.string },
    { name: "newbits", type: t.number },
    { name: "netnum", type: t.number },
  ],
  type: () => t.string,
  impl: ([prefix, newbits, netnum]) => {
    const bits = goInt(newbits!);
    const num = goBigInt(netnum!);
    const sub = subnetBig(network(prefix!.asString()), bits, num);
    // Go prints a network without a mask (a negative prefix length) as "<nil>".
    return stringVal(sub.mask === null ? "<nil>" : netString({ ip: sub.ip, mask: sub.mask }));
  },
});

const cidrsubnets = new CtyFunction({
  params: [{ name: "prefix", type: t.string }],
  varParam: { name: "newbits", type: t.number },
  type: () => t.list(t.string),
  impl: (args) => {
    const base = network(args[0]!.asString(), 0);
    const [startLen] = maskSize(base.mask);
    const lengths = args.slice(1);
    if (lengths.length === 0) return listValEmpty(t.string);
    let current = previousSubnet(base, goInt(lengths[0]!, 1) + startLen);
    const bits = base.ip.length * 8;
    const protocol = bits === 32 ? "IPv4" : bits === 128 ? "IPv6" : "IP";
    const out = lengths.map((arg, i) => {
      let length = goInt(arg, i + 1);
      if (length < 1) throw new FunctionError("must extend prefix by at least one bit", i + 1);
      length += startLen;
      if (length > bits) {
        throw new FunctionError(
          `would extend prefix to ${length} bits, which is too long for an ${protocol} address`,
          i + 1,
        );
      }
      if (current === null) throw new FunctionError("unsupported address length", i + 1);
      const { next, rollover } = nextSubnet(current, length);
      if (rollover || !netContains(base, next.ip)) {
        throw new FunctionError(
          `not enough remaining address space for a subnet with a prefix of ${length} bits after ${netString(current)}`,
          i + 1,
        );
      }
      current = next;
      return stringVal(netString(current));
    });
    return listVal(out);
  },
});

const cidrcontains = new CtyFunction({
  params: [
    { name: "containing_prefix", type: t.string },
    { name: "contained_ip_or_prefix", type: t.string },
  ],
  type: () => t.bool,
  impl: ([p, a]) => {
    const prefix = p!.asString();
    const addr = a!.asString();
    const containing = parseCIDR(prefix);
    if (containing === null) throw new FunctionError(`invalid CIDR address: ${prefix}`);
    let start = parseIP(addr);
    let end = null;
    if (start === null) {
      const contained = parseCIDR(addr);
      if (contained === null) throw new FunctionError(`invalid IP address or prefix: ${addr}`);
      [start, end] = addressRange(contained);
    }
    if ((to4(start) === null) !== (to4(containing.ip) === null)) {
      throw new FunctionError(`address family mismatch: ${prefix} vs. ${addr}`);
    }
    return boolVal(netContains(containing, start) && (end === null || netContains(containing, end)));
  },
});

/** The network functions by name. */
export function networkFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return { cidrcontains, cidrhost, cidrnetmask, cidrsubnet, cidrsubnets };
}
