import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a mail server entered in Admin > Settings may not have in
 * production: loopback, private (RFC 1918), carrier-grade NAT, link-local
 * (cloud metadata at 169.254.169.254), unique-local IPv6, "this network",
 * multicast and reserved. Otherwise the setting is a way to make the server
 * connect to its own internal services.
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
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, or NAT64 64:ff9b::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 ? INTERNAL.check(v4, 'ipv4') : INTERNAL.check(address, 'ipv6');
}

/** A mail failure whose message is ours alone (never the remote server's words): safe to show an admin. */
export class MailDeliveryError extends Error {}

/**
 * Where to connect for a mail server of the settings. With internal hosts
 * allowed (development, tests, or SMTP_ALLOW_PRIVATE_HOSTS=true) the name as
 * it is; otherwise every address the name resolves to must be public, and
 * the connection goes to the address that was checked (a second lookup by
 * the mail library could answer differently: DNS rebinding).
 */
export async function mailServerAddress(host: string, allowInternal: boolean): Promise<string> {
  if (allowInternal) return host;
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new MailDeliveryError(`the mail server name could not be resolved${code && /^E[A-Z]+$/.test(code) ? ` (${code})` : ''}`);
  }
  if (addresses.length === 0) throw new MailDeliveryError('the mail server name could not be resolved');
  if (addresses.some(isInternalAddress))
    throw new MailDeliveryError(
      'the mail server is on a loopback, private or link-local address, which production does not allow (SMTP_ALLOW_PRIVATE_HOSTS=true allows it)',
    );
  return addresses[0];
}

const SYSTEM_CODES: Record<string, string> = {
  ECONNREFUSED: 'the mail server refused the connection',
  ECONNRESET: 'the mail server closed the connection',
  ETIMEDOUT: 'the mail server did not answer in time',
  ENOTFOUND: 'the mail server name could not be resolved',
  EAI_AGAIN: 'the mail server name could not be resolved',
  EHOSTUNREACH: 'the mail server could not be reached',
  ENETUNREACH: 'the mail server could not be reached',
};

const MAILER_CODES: Record<string, string> = {
  EAUTH: 'the mail server refused the user name or password',
  ETLS: 'the secure connection (TLS) to the mail server failed',
  EENVELOPE: 'the mail server refused the sender or the recipient',
  EMESSAGE: 'the mail server refused the message',
  EPROTOCOL: 'the server did not answer as a mail server does',
  ETIMEDOUT: 'the mail server did not answer in time',
  EDNS: 'the mail server name could not be resolved',
  ECONNECTION: 'the connection to the mail server failed',
  ESOCKET: 'the connection to the mail server failed',
};

/**
 * What to tell an admin about a failed send, in our words only: the kind of
 * failure and its code. The remote's own reply (its greeting, its error
 * text: the banner of whatever answered on that port) is never repeated,
 * so the setting cannot be used to read other services.
 */
export function mailFailureReason(err: unknown): string {
  if (err instanceof MailDeliveryError) return err.message;
  const { code, originalCode } = (err ?? {}) as { code?: unknown; originalCode?: unknown };
  for (const candidate of [originalCode, code]) {
    if (typeof candidate === 'string' && SYSTEM_CODES[candidate]) return `${SYSTEM_CODES[candidate]} (${candidate})`;
  }
  if (typeof code === 'string' && MAILER_CODES[code]) return `${MAILER_CODES[code]} (${code})`;
  return 'the mail could not be sent';
}
