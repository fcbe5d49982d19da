import { isIPv6 } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses a fetch on a caller's behalf may connect to. Only public unicast addresses are
 * allowed: every special-purpose range ipaddr.js knows (loopback, private, link-local, carrier-grade
 * NAT, unique-local, multicast, unspecified, broadcast, reserved, documentation, benchmarking, ...)
 * is refused, and so are the addresses that tunnel an IPv4 address inside IPv6 (IPv4-compatible,
 * NAT64, 6to4, Teredo), because the IPv4 address they carry could be any of those. IPv4-mapped
 * addresses are judged as the IPv4 address they map (see classifyAddress).
 */
export type AddressVerdict = { allowed: true; address: string } | { allowed: false; address: string; reason: string };

/**
 * Cloud metadata endpoints. Most already fall in a refused range (169.254.169.254 is link-local,
 * fd00:ec2::254 unique-local, 100.100.100.200 carrier-grade NAT), but Azure's platform endpoint
 * 168.63.129.16 is ordinary public unicast, so each is named here as well.
 */
const CLOUD_METADATA = new Set(
  ['169.254.169.254', 'fd00:ec2::254', '168.63.129.16', '100.100.100.200', '169.254.170.2'].map((entry) => canonical(ipaddr.parse(entry))),
);

function canonical(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  return address.kind() === 'ipv6' ? (address as ipaddr.IPv6).toNormalizedString() : address.toString();
}

/** The ranges' names, as ipaddr.js gives them, in words a caller understands. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  uniqueLocal: 'a unique-local (private) IPv6 address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  reserved: 'a reserved address',
  ipv4Mapped: 'an IPv4-mapped IPv6 address',
  rfc6052: 'a NAT64 address',
  rfc6145: 'an IPv4-translated address',
  '6to4': 'a 6to4 address',
  teredo: 'a Teredo address',
  discard: 'a discard-only address',
  benchmarking: 'a benchmarking address',
  amt: 'an AMT address',
  as112: 'an AS112 address',
  deprecated: 'a deprecated address',
  orchid2: 'an ORCHIDv2 address',
  droneRemoteIdProtocolEntityTags: 'a drone remote-ID address',
};

/**
 * The address `text` names, an IPv4-mapped IPv6 address folded to the IPv4 address it maps. Throws
 * if it is not an address.
 */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const bare = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // ipaddr.js reads "::a.b.c.d" as "::ffff:a.b.c.d" (its "deprecatedTransitional" rule), another
  // address than RFC 4291's ::a.b.c.d (= ::7f00:1 for 127.0.0.1, the form the URL parser and
  // dns.lookup hand over). The dotted tail is rewritten as its two hex groups first, so that every
  // spelling of one address gets one verdict.
  const spelled = isIPv6(bare)
    ? bare.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_tail, a: string, b: string, c: string, d: string) =>
        [Number(a) * 256 + Number(b), Number(c) * 256 + Number(d)].map((group) => group.toString(16)).join(':'),
      )
    : bare;
  // ipaddr.parse also takes the classful shorthands (127.1, 0x7f.1); process() folds ::ffff:a.b.c.d to IPv4.
  return ipaddr.process(spelled);
}

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * An IPv4-compatible IPv6 address (::a.b.c.d, RFC 4291 2.5.5.1), other than :: and ::1, which keep
 * their own names. Refused outright, like 6to4, Teredo and NAT64, rather than judged as the IPv4
 * address it carries, like the mapped form: a mapped address is what a dual-stack socket uses to
 * reach that IPv4 address itself, so a public one is a legitimate destination, while a compatible
 * address is a deprecated automatic-tunnel form whose destination depends on the host (where an
 * automatic tunnel is configured, Linux's sit0 sends ::7f00:1 to 127.0.0.1; elsewhere it goes to
 * the IPv6 default route). No public service is reached through one, so refusing all costs nothing.
 */
function isIpv4Compatible(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() !== 'ipv6') return false;
  const ipv6 = address as ipaddr.IPv6;
  return ipv6.match(IPV4_COMPATIBLE) && ipv6.range() !== 'unspecified' && ipv6.range() !== 'loopback';
}

/**
 * The verdict on one resolved address (a pure function: nothing is resolved or connected). An
 * IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it maps.
 */
export function classifyAddress(text: string): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = parseAddress(text);
  } catch {
    return { allowed: false, address: text, reason: 'not an IP address' };
  }
  const address = parsed.toString();
  if (CLOUD_METADATA.has(canonical(parsed))) return { allowed: false, address, reason: 'a cloud metadata endpoint' };
  if (isIpv4Compatible(parsed)) return { allowed: false, address, reason: 'an IPv4-compatible IPv6 address' };
  const range = parsed.range();
  if (range === 'unicast') return { allowed: true, address };
  return { allowed: false, address, reason: RANGE_WORDS[range] ?? `a special-purpose address (${range})` };
}

/** Whether `address` is a loopback address: the only kind the test-only allowance can open. */
export function isLoopback(address: string): boolean {
  try {
    return parseAddress(address).range() === 'loopback';
  } catch {
    return false;
  }
}
