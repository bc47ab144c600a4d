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
type Node =
  | { kind: 'object'; entries: Array<[string, Node]> }
  | { kind: 'array'; items: Node[] }
  | { kind: 'literal'; text: string }
  | { kind: 'string'; value: string };
type ContainerNode = Extract<Node, { kind: 'object' | 'array' }>;

const LITERAL = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?|true|false|null/y;

/**
 * A JSON parser that keeps each number's text. It runs on an explicit
 * stack, never recursion, so no nesting depth can overflow the call stack
 * (the HTTP layer also refuses deep bodies before this runs).
 */
class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): Node {
    const stack: Array<{ node: ContainerNode; key: string }> = [];
    let root: Node | undefined;
    const attach = (node: Node): void => {
      const top = stack[stack.length - 1];
      if (!top) root = node;
      else if (top.node.kind === 'array') top.node.items.push(node);
      else top.node.entries.push([top.key, node]);
    };
    let state: 'value' | 'first-in-object' | 'key' | 'first-in-array' | 'after-value' = 'value';
    for (;;) {
      this.ws();
      const c = this.s[this.i];
      if (state === 'value') {
        if (c === '{' || c === '[') {
          this.i++;
          const node: ContainerNode = c === '{' ? { kind: 'object', entries: [] } : { kind: 'array', items: [] };
          attach(node);
          stack.push({ node, key: '' });
          state = c === '{' ? 'first-in-object' : 'first-in-array';
        } else {
          attach(c === '"' ? { kind: 'string', value: this.string() } : this.literal());
          state = 'after-value';
        }
      } else if (state === 'first-in-object' || state === 'first-in-array') {
        if (c === (state === 'first-in-object' ? '}' : ']')) {
          this.i++;
          stack.pop();
          state = 'after-value';
        } else state = state === 'first-in-object' ? 'key' : 'value';
      } else if (state === 'key') {
        if (c !== '"') throw new SyntaxError('Expected a key');
        stack[stack.length - 1].key = this.string();
        this.ws();
        if (this.s[this.i++] !== ':') throw new SyntaxError('Expected ":"');
        state = 'value';
      } else {
        const top = stack[stack.length - 1];
        if (!top) break;
        this.i++;
        if (c === ',') state = top.node.kind === 'object' ? 'key' : 'value';
        else if (c === (top.node.kind === 'object' ? '}' : ']')) stack.pop();
        else throw new SyntaxError(`Expected "," or "${top.node.kind === 'object' ? '}' : ']'}"`);
      }
    }
    if (this.i !== this.s.length || !root) throw new SyntaxError('Unexpected data after JSON value');
    return root;
  }

  private ws(): void {
    while (this.i < this.s.length && ' \t\n\r'.includes(this.s[this.i])) this.i++;
  }

  private literal(): Node {
    LITERAL.lastIndex = this.i;
    const match = LITERAL.exec(this.s);
    if (!match) throw new SyntaxError(`Unexpected token at ${this.i}`);
    this.i += match[0].length;
    return { kind: 'literal', text: match[0] };
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

/** Canonical text of a tree, sorted keys, built without recursion (an explicit stack of pending pieces). */
function serialise(root: Node): string {
  const out: string[] = [];
  const pending: Array<Node | string> = [root];
  while (pending.length > 0) {
    const item = pending.pop()!;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    switch (item.kind) {
      case 'literal':
        out.push(item.text);
        break;
      case 'string':
        out.push(encodeString(item.value));
        break;
      case 'array': {
        const parts: Array<Node | string> = ['['];
        item.items.forEach((child, n) => parts.push(...(n > 0 ? [',', child] : [child])));
        parts.push(']');
        for (let k = parts.length - 1; k >= 0; k--) pending.push(parts[k]);
        break;
      }
      case 'object': {
        const sorted = [...item.entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        const parts: Array<Node | string> = ['{'];
        sorted.forEach(([key, child], n) => parts.push(`${n > 0 ? ',' : ''}${encodeString(key)}:`, child));
        parts.push('}');
        for (let k = parts.length - 1; k >= 0; k--) pending.push(parts[k]);
        break;
      }
    }
  }
  return out.join('');
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
