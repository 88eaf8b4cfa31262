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
]);

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const words = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!words) return null;
  const high = parseInt(words[1], 16);
  const low = parseInt(words[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Why an address may not be a webhook target under the policy, or null when it may. */
export function refusalOf(address: ResolvedAddress, policy: TargetPolicy): string | null {
  const v4 = address.family === 6 ? embeddedIpv4(address.address) : address.address;
  const [ip, type] = v4 !== null ? [v4, 'ipv4' as const] : [address.address, 'ipv6' as const];
  if (metadata.check(ip, type)) return `${address.address} is a cloud metadata address`;
  if (neverHosts.check(ip, type)) return `${address.address} is not a unicast host address`;
  if (!policy.allowPrivateTargets && privateRanges.check(ip, type))
    return `${address.address} is a private, loopback or link-local address`;
  return null;
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
