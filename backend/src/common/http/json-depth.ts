/** Deepest JSON nesting any request body may have; no route of the API needs more than a handful of levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests arrays/objects deeper than `max`, found in one
 * linear pass over the raw bytes, without recursion and before any parser,
 * validator or signature check sees the body (a 100,000-deep body costs a
 * scan, not a stack overflow).
 */
export function jsonNestingExceeds(body: Buffer | string, max = MAX_JSON_DEPTH): boolean {
  // Bytes, not characters: every structural character of JSON is ASCII, and UTF-8 never uses ASCII bytes inside a multi-byte character.
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}
