import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';

/** Where deliveries may go (WEBHOOKS_ALLOW_PRIVATE_URLS, WEBHOOKS_ALLOW_HTTP; both false in production by default). */
export interface UrlPolicy {
  allowPrivateUrls: boolean;
  allowHttp: boolean;
}

/**
 * Addresses a webhook must not reach in production (SSRF): this host and its
 * network, private ranges, CGNAT, link-local (cloud metadata at
 * 169.254.169.254 among them), unique-local, multicast, reserved and
 * documentation ranges.
 */
const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  BLOCKED.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an address is one a production webhook must not reach. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 ? BLOCKED.check(v4, 'ipv4') : BLOCKED.check(address, 'ipv6');
}

export const PRIVATE_URL = 'This URL points to a private, loopback or link-local address, which webhooks may not reach';

/** What is wrong with a URL as written (scheme, credentials, a literal private address), or null. */
export function urlProblem(raw: string, policy: UrlPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter an absolute URL (https://example.com/webhooks)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The URL must start with https://';
  if (url.protocol === 'http:' && !policy.allowHttp) return 'The URL must start with https://';
  if (url.username || url.password) return 'The URL may not carry a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!policy.allowPrivateUrls && (isIP(host) ? isBlockedAddress(host) : host === 'localhost' || host.endsWith('.localhost'))) return PRIVATE_URL;
  return null;
}

const lookupAll = promisify(dnsLookup);

/** urlProblem, then (unless private addresses are allowed) every address the host resolves to. */
export async function resolvedUrlProblem(raw: string, policy: UrlPolicy): Promise<string | null> {
  const problem = urlProblem(raw, policy);
  if (problem || policy.allowPrivateUrls) return problem;
  const host = new URL(raw).hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return null;
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host, { all: true });
  } catch {
    return 'This URL’s host name does not resolve';
  }
  return addresses.some((a) => isBlockedAddress(a.address)) ? PRIVATE_URL : null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the delivery's socket that refuses blocked addresses, so a
 * host name that resolved to a public address when saved and to a private
 * one now (DNS rebinding) is refused at connect time.
 */
export function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses;
      if (!policy.allowPrivateUrls && list.some((a) => isBlockedAddress(a.address))) {
        const refused = Object.assign(new Error(`Refused: ${hostname} resolves to a private address`), { code: 'EWEBHOOKPRIVATE' });
        return callback(refused, []);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
