import { isIP } from 'node:net';
import { isInternalAddress } from '../../common/net/internal-addresses';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';

/** Where deliveries may go (WEBHOOKS_ALLOW_PRIVATE_URLS, WEBHOOKS_ALLOW_HTTP; both false in production by default). */
export interface UrlPolicy {
  allowPrivateUrls: boolean;
  allowHttp: boolean;
}

/** Whether an address is one a production webhook must not reach (SSRF: common/net/internal-addresses.ts). */
export const isBlockedAddress = isInternalAddress;

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
