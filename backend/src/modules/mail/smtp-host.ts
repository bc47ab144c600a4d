import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isInternalAddress } from '../../common/net/internal-addresses';

/** Addresses a mail server entered in Admin > Settings may not have in production (common/net/internal-addresses.ts). */
export { isInternalAddress };

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
