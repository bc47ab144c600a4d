/**
 * Copy-paste examples of a webhook endpoint, made from its real secret and
 * the real catalogue: a curl command that replays a delivery signed exactly
 * as the server signs one (Standard Webhooks: HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>` with the secret's bytes), and a
 * Node.js receiver that verifies deliveries with the `standardwebhooks` package.
 */

export interface SignedExample {
  id: string;
  timestamp: number;
  body: string;
  signature: string;
}

function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** `v1,<signature>` of a body, as the server computes it (Web Crypto: the secret never leaves the browser). */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', base64ToBytes(secret.replace(/^whsec_/, '')), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`));
  return `v1,${bytesToBase64(mac)}`;
}

/** An example delivery of `type`, signed now (receivers refuse timestamps older than 5 minutes: make a new one to replay later). */
export async function signedExample(secret: string, type: string, now = new Date()): Promise<SignedExample> {
  const id = `msg_example_${now.getTime().toString(36)}`;
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({ type, timestamp: now.toISOString(), data: { example: true } });
  return { id, timestamp, body, signature: await signWebhook(secret, id, timestamp, body) };
}

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function webhookCurlExample(url: string, example: SignedExample): string {
  return [
    `curl -X POST ${shellQuote(url)} \\`,
    `  -H 'content-type: application/json' \\`,
    `  -H 'webhook-id: ${example.id}' \\`,
    `  -H 'webhook-timestamp: ${example.timestamp}' \\`,
    `  -H 'webhook-signature: ${example.signature}' \\`,
    `  --data-raw ${shellQuote(example.body)}`,
  ].join('\n');
}

/** A receiver in Node.js (18 or later, ES module, `npm install standardwebhooks`) for the endpoint's event types. */
export function webhookNodeExample(secret: string, eventTypes: readonly string[]): string {
  return [
    "import { createServer } from 'node:http';",
    "import { Webhook } from 'standardwebhooks';",
    '',
    `const webhook = new Webhook('${secret}');`,
    '',
    'createServer((req, res) => {',
    '  let body = "";',
    "  req.on('data', (chunk) => (body += chunk));",
    "  req.on('end', () => {",
    '    try {',
    '      // Throws unless the signature and the timestamp (5 minutes) are right.',
    '      const event = webhook.verify(body, req.headers);',
    `      // event.type is one of: ${eventTypes.join(', ')}`,
    "      console.log(req.headers['webhook-id'], event.type, event.data);",
    '      res.writeHead(204).end();',
    '    } catch {',
    '      res.writeHead(400).end();',
    '    }',
    '  });',
    '}).listen(3000);',
  ].join('\n');
}
