import { BlockList, isIP } from 'node:net';

/**
 * Addresses a server-side connection chosen by a user (a webhook URL, the
 * mail server of the settings) must not reach in production, or the setting
 * becomes a way to make the server call its own internal services (SSRF):
 * "this network", loopback, private (RFC 1918), carrier-grade NAT,
 * link-local (cloud metadata at 169.254.169.254 among them), unique-local
 * and site-local IPv6, multicast, reserved, benchmarking and documentation
 * ranges. IPv4 carried inside IPv6 (IPv4-mapped, NAT64) is judged as IPv4.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
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
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, or NAT64 64:ff9b::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | null {
  const m = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether an address is internal (see above); anything that is not an IP address counts as internal. */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 ? INTERNAL.check(v4, 'ipv4') : INTERNAL.check(address, 'ipv6');
}
