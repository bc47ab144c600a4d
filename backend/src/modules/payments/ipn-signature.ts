import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The IPN signing scheme of NOWPayments (and of our sandbox): HMAC-SHA512,
 * hex, over the JSON body with keys sorted recursively and no whitespace,
 * as PHP's json_encode / Python's json.dumps(sort_keys=True,
 * separators=(',', ':')) write it: non-ASCII as \uXXXX, "/" unescaped.
 * Numbers keep the exact text they arrived with (497 and 497.0 are not the
 * same bytes to the signer), so the body is re-serialised from its own
 * tokens, never through JavaScript numbers.
 */
type Node = { kind: 'object'; entries: Array<[string, Node]> } | { kind: 'array'; items: Node[] } | { kind: 'literal'; text: string } | { kind: 'string'; value: string };

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): Node {
    const node = this.value();
    this.ws();
    if (this.i !== this.s.length) throw new SyntaxError('Unexpected data after JSON value');
    return node;
  }

  private ws(): void {
    while (this.i < this.s.length && ' \t\n\r'.includes(this.s[this.i])) this.i++;
  }

  private value(): Node {
    this.ws();
    const c = this.s[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return { kind: 'string', value: this.string() };
    const match = /^(-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(this.s.slice(this.i, this.i + 400));
    if (!match) throw new SyntaxError(`Unexpected token at ${this.i}`);
    this.i += match[0].length;
    return { kind: 'literal', text: match[0] };
  }

  private object(): Node {
    this.i++;
    const entries: Array<[string, Node]> = [];
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      return { kind: 'object', entries };
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') throw new SyntaxError('Expected a key');
      const key = this.string();
      this.ws();
      if (this.s[this.i++] !== ':') throw new SyntaxError('Expected ":"');
      entries.push([key, this.value()]);
      this.ws();
      const c = this.s[this.i++];
      if (c === '}') return { kind: 'object', entries };
      if (c !== ',') throw new SyntaxError('Expected "," or "}"');
    }
  }

  private array(): Node {
    this.i++;
    const items: Node[] = [];
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      return { kind: 'array', items };
    }
    for (;;) {
      items.push(this.value());
      this.ws();
      const c = this.s[this.i++];
      if (c === ']') return { kind: 'array', items };
      if (c !== ',') throw new SyntaxError('Expected "," or "]"');
    }
  }

  private string(): string {
    const start = this.i;
    this.i++;
    while (this.i < this.s.length && this.s[this.i] !== '"') this.i += this.s[this.i] === '\\' ? 2 : 1;
    this.i++;
    return JSON.parse(this.s.slice(start, this.i)) as string;
  }
}

function encodeString(value: string): string {
  let out = '"';
  for (const ch of value) {
    for (let k = 0; k < ch.length; k++) {
      const code = ch.charCodeAt(k);
      if (ch === '"') out += '\\"';
      else if (ch === '\\') out += '\\\\';
      else if (code === 0x0a) out += '\\n';
      else if (code === 0x0d) out += '\\r';
      else if (code === 0x09) out += '\\t';
      else if (code === 0x08) out += '\\b';
      else if (code === 0x0c) out += '\\f';
      else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`;
      else out += ch[k];
    }
  }
  return `${out}"`;
}

function serialise(node: Node): string {
  switch (node.kind) {
    case 'literal':
      return node.text;
    case 'string':
      return encodeString(node.value);
    case 'array':
      return `[${node.items.map(serialise).join(',')}]`;
    case 'object': {
      const sorted = [...node.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${sorted.map(([k, v]) => `${encodeString(k)}:${serialise(v)}`).join(',')}}`;
    }
  }
}

/** The exact text that is signed, from the raw body bytes. Throws on invalid JSON. */
export function canonicalJson(rawBody: Buffer | string): string {
  return serialise(new Parser(typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')).parse());
}

export function signIpn(secret: string, rawBody: Buffer | string): string {
  return createHmac('sha512', secret).update(canonicalJson(rawBody), 'utf8').digest('hex');
}

/** Constant-time check of a hex signature; false for missing, malformed, wrong-length or wrong signatures. */
export function verifyIpnSignature(secret: string, rawBody: Buffer | string, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{128}$/.test(signature)) return false;
  let expected: Buffer;
  try {
    expected = Buffer.from(signIpn(secret, rawBody), 'hex');
  } catch {
    return false;
  }
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'));
}
