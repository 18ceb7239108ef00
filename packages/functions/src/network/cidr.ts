// The CIDR arithmetic of go-cidr as OpenTofu uses it: hosts, subnets, address ranges and the
// next/previous subnet, on Go `net` addresses, with exact big integers and go-cidr's messages
// (including its quirks: host numbers are checked through Go's uint64/int64 conversions).
import { FunctionError } from "@tofukit/cty";
import {
  bigIntToIP,
  cidrMask,
  type IP,
  type IPNet,
  ipToBigInt,
  maskIP,
  maskSize,
  to4,
} from "./ip-address.js";

const U64 = (1n << 64n) - 1n;

/** Go's `big.Int.Uint64()`: the low 64 bits of the magnitude. */
function uint64Of(n: bigint): bigint {
  return (n < 0n ? -n : n) & U64;
}

/** Go's `int64(u)` of a uint64. */
function int64Of(u: bigint): bigint {
  return u >= 1n << 63n ? u - (1n << 64n) : u;
}

/** go-cidr's insertNumIntoIP, with Go big.Int's two's-complement OR and `Bytes()` of the magnitude. */
function insertNum(ip: IP, num: bigint, prefixLen: number): IP {
  const totalBits = ip.length * 8;
  const shifted = num << BigInt(totalBits - prefixLen);
  const v = ipToBigInt(ip) | shifted;
  return bigIntToIP(v < 0n ? -v : v, ip.length);
}

/** go-cidr's HostBig. */
export function hostBig(base: IPNet, given: bigint): IP {
  const [parentLen, addrLen] = maskSize(base.mask);
  const maxHostNum = (1n << BigInt(addrLen - parentLen)) - 1n;
  let num = given;
  let checked = int64Of(uint64Of(num));
  if (num < 0n) {
    checked = -num - 1n;
    num = maxHostNum - checked;
  }
  if (checked > maxHostNum) {
    throw new FunctionError(`prefix of ${parentLen} does not accommodate a host numbered ${num}`);
  }
  return insertNum(base.ip, num, to4(base.ip) !== null ? 32 : 128);
}

/** go-cidr's SubnetBig; a null mask stands for Go's nil mask (a negative prefix length). */
export function subnetBig(base: IPNet, newBits: number, num: bigint): { ip: IP; mask: Uint8Array | null } {
  const [parentLen, addrLen] = maskSize(base.mask);
  const newPrefixLen = parentLen + newBits;
  if (newPrefixLen > addrLen) {
    throw new FunctionError(`insufficient address space to extend prefix of ${parentLen} by ${newBits}`);
  }
  // uint64(1<<uint64(newBits)) - 1 in Go: shifts of 64 bits or more (and negative counts) give 0.
  const maxNetNum = newBits >= 0 && newBits < 64 ? (1n << BigInt(newBits)) - 1n : U64;
  if (uint64Of(num) > maxNetNum) {
    throw new FunctionError(`prefix extension of ${newBits} does not accommodate a subnet numbered ${num}`);
  }
  return { ip: insertNum(base.ip, num, newPrefixLen), mask: cidrMask(newPrefixLen, addrLen) };
}

/** go-cidr's AddressRange: the first and last address of a network. */
export function addressRange(net: IPNet): [IP, IP] {
  const [prefixLen, bits] = maskSize(net.mask);
  const first = net.ip;
  if (prefixLen === bits) return [first, first.slice()];
  if (first.length !== 4 && first.length !== 16) throw new FunctionError("unsupported address length");
  const hostLen = BigInt(first.length * 8 - prefixLen);
  const last = ((1n << hostLen) - 1n) | ipToBigInt(first);
  return [first, bigIntToIP(last, first.length)];
}

function isZero(ip: IP): boolean {
  return ip.every((b) => b === 0);
}

function step(ip: IP, delta: 1 | -1): IP {
  const out = (to4(ip) ?? ip).slice();
  for (let j = out.length - 1; j >= 0; j--) {
    out[j] = (out[j]! + delta) & 0xff;
    if (delta === 1 ? out[j] !== 0 : out[j] !== 0xff) break;
  }
  return out;
}

/** go-cidr's PreviousSubnet, or null where Go would build a network without a mask. */
export function previousSubnet(net: IPNet, prefixLen: number): IPNet | null {
  const start = to4(net.ip) ?? net.ip;
  const mask = cidrMask(prefixLen, start.length * 8);
  if (mask === null) return null;
  return { ip: maskIP(step(start, -1), mask)!, mask };
}

/** go-cidr's NextSubnet: the network and whether the address space rolled over. */
export function nextSubnet(net: IPNet, prefixLen: number): { next: IPNet; rollover: boolean } {
  const [, currentLast] = addressRange(net);
  const mask = cidrMask(prefixLen, currentLast.length * 8);
  const masked = mask === null ? null : maskIP(currentLast, mask);
  if (mask === null || masked === null) throw new FunctionError("unsupported address length");
  const [, last] = addressRange({ ip: masked, mask });
  const inc = step(last, 1);
  const ip = maskIP(inc, mask);
  if (ip === null) throw new FunctionError("unsupported address length");
  return { next: { ip, mask }, rollover: isZero(inc) };
}
