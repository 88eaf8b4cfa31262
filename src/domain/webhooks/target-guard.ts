import dns from 'node:dns';
import net from 'node:net';

/**
 * The SSRF guard on webhook URLs: where a delivery may be sent. Checked at registration (the caller
 * gets 400) and again at each delivery, on the address the connection will actually use (DNS can
 * change between the two, and a name can resolve to several addresses).
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has; tests and the delivery share the system resolver. */
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (host) =>
  (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

export interface TargetPolicy {
  /** WEBHOOK_ALLOW_PRIVATE_TARGETS: development only; private and loopback targets, over http in either mode. */
  allowPrivateTargets: boolean;
}

export interface CheckedTarget {
  url: URL;
  /** The address to connect to: the one that was checked, so the request cannot be rebound elsewhere. */
  address: ResolvedAddress;
}

export class RefusedTarget extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedTarget';
  }
}

function blockList(ranges: Array<[string, number, 'ipv4' | 'ipv6']>): net.BlockList {
  const list = new net.BlockList();
  for (const [network, prefix, type] of ranges) list.addSubnet(network, prefix, type);
  return list;
}

/** Cloud metadata services: refused whatever the setting (AWS, GCP, Azure share 169.254.169.254; ECS; Alibaba; AWS IPv6). */
const metadata = blockList([
  ['169.254.169.254', 32, 'ipv4'],
  ['169.254.170.2', 32, 'ipv4'],
  ['100.100.100.200', 32, 'ipv4'],
  ['fd00:ec2::254', 128, 'ipv6'],
]);

/** Never a unicast host on the internet: unspecified, multicast, broadcast and reserved. Refused whatever the setting. */
const neverHosts = blockList([
  ['0.0.0.0', 8, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]);

/** Private, loopback, link-local, shared and documentation ranges (RFC 6890): refused unless the setting allows them. */
const privateRanges = blockList([
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['::1', 128, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  // Local-use NAT64 (RFC 8215): a gateway of the network we run in, at any prefix length.
  ['64:ff9b:1::', 48, 'ipv6'],
  // Site-local (deprecated, RFC 3879), still routed inside some networks.
  ['fec0::', 10, 'ipv6'],
]);

/** The 16 bytes of an IPv6 address (as net.isIPv6 accepts it: `::` shorthand, a dotted IPv4 tail, a zone). */
function ipv6Bytes(address: string): number[] | null {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const words = (part: string | undefined) => (part ? part.split(':') : []);
  const fill = tail === undefined ? 0 : 8 - words(head).length - words(tail).length;
  const all = [...words(head), ...Array<string>(Math.max(fill, 0)).fill('0'), ...words(tail)];
  if (all.length !== 8) return null;
  return all.flatMap((word) => {
    const value = parseInt(word, 16);
    return [value >> 8, value & 255];
  });
}

/**
 * The IPv4 addresses an IPv6 address reaches once translated, by the host's own stack or on the way
 * (a relay, a NAT64 gateway): IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96, but :: and ::1),
 * SIIT (::ffff:0:0:0/96), 6to4 (2002::/16), NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48,
 * read as /96) and Teredo (2001::/32: its server, and its client, stored inverted).
 */
function translatedIpv4(address: string): string[] {
  const bytes = ipv6Bytes(address);
  if (bytes === null) return [];
  const v4 = (from: number, flip = 0) =>
    bytes
      .slice(from, from + 4)
      .map((byte) => byte ^ flip)
      .join('.');
  const zero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const words = (count: number) =>
    bytes.slice(0, count * 2).reduce((text, byte) => text + byte.toString(16).padStart(2, '0'), '');
  const found: string[] = [];
  if (zero(0, 10) && bytes[10] === 255 && bytes[11] === 255) found.push(v4(12));
  if (zero(0, 12) && !zero(12, 15)) found.push(v4(12));
  if (zero(0, 8) && bytes[8] === 255 && bytes[9] === 255 && zero(10, 12)) found.push(v4(12));
  if (words(1) === '2002') found.push(v4(2));
  if (words(6) === '0064ff9b0000000000000000' || words(3) === '0064ff9b0001') found.push(v4(12));
  if (words(2) === '20010000') found.push(v4(4), v4(12, 255));
  return found;
}

/** Why one address (of one family) may not be a target under the policy, or null when it may. */
function refusalOfIp(ip: string, type: 'ipv4' | 'ipv6', policy: TargetPolicy): string | null {
  if (metadata.check(ip, type)) return 'is a cloud metadata address';
  if (neverHosts.check(ip, type)) return 'is not a unicast host address';
  if (!policy.allowPrivateTargets && privateRanges.check(ip, type))
    return 'is a private, loopback or link-local address';
  return null;
}

/**
 * Why an address may not be a webhook target under the policy, or null when it may: judged as
 * itself and as every IPv4 address it translates to, whatever its spelling (`[::7f00:1]`,
 * `[2002:7f00:1::]` and `[64:ff9b:1::7f00:1]` are all 127.0.0.1).
 */
export function refusalOf(address: ResolvedAddress, policy: TargetPolicy): string | null {
  if (address.family === 4) {
    const refusal = refusalOfIp(address.address, 'ipv4', policy);
    return refusal === null ? null : `${address.address} ${refusal}`;
  }
  for (const v4 of translatedIpv4(address.address)) {
    const refusal = refusalOfIp(v4, 'ipv4', policy);
    if (refusal !== null) return `${address.address} (IPv4 ${v4}) ${refusal}`;
  }
  const own = refusalOfIp(address.address, 'ipv6', policy);
  return own === null ? null : `${address.address} ${own}`;
}

/**
 * Checks a webhook URL: http(s) only, https in live mode (unless the development setting), no
 * credentials in it, and every address its host resolves to allowed. Returns the address to use.
 */
export async function checkTarget(
  rawUrl: string,
  livemode: boolean,
  policy: TargetPolicy,
  resolve: HostResolver,
): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new RefusedTarget('the URL is not an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new RefusedTarget(`the ${url.protocol.slice(0, -1)} scheme is not allowed: use https`);
  if (url.protocol === 'http:' && livemode && !policy.allowPrivateTargets)
    throw new RefusedTarget('live-mode endpoints must use https');
  if (url.username || url.password) throw new RefusedTarget('the URL must not carry credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = net.isIP(host);
  let addresses: ResolvedAddress[];
  if (family !== 0) addresses = [{ address: host, family: family as 4 | 6 }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new RefusedTarget(`${host} does not resolve`);
    }
    if (addresses.length === 0) throw new RefusedTarget(`${host} does not resolve`);
  }
  for (const address of addresses) {
    const refusal = refusalOf(address, policy);
    if (refusal !== null) throw new RefusedTarget(family === 0 ? `${host} resolves to ${refusal}` : refusal);
  }
  return { url, address: addresses[0] };
}
