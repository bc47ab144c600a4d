import { spawnSync } from 'node:child_process';

const SCRIPT = `
import hashlib, hmac, json, sys
data = json.load(sys.stdin)
canon = json.dumps(json.loads(data["body"]), sort_keys=True, separators=(",", ":"))
print(hmac.new(data["secret"].encode(), canon.encode(), hashlib.sha512).hexdigest())
`;

/**
 * Signs an IPN body the way NOWPayments documents it, computed by python3's
 * json.dumps(sort_keys=True, separators=(',', ':')), independently of the
 * product's own signing code.
 */
export function pythonSign(secret: string, body: string): string {
  const result = spawnSync('python3', ['-c', SCRIPT], { input: JSON.stringify({ secret, body }), encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`python3 signing failed: ${result.stderr}`);
  return result.stdout.trim();
}
