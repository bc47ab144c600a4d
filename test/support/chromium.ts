import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Debian's Chromium, never a browser downloaded by Playwright. When none is
 * installed and we run as root with apt-get, install it the way
 * `playwright install` would fetch one elsewhere; otherwise say how.
 */
export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist`);
    return configured;
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (canInstall) {
    console.log('Chromium not found: installing Debian package "chromium" with apt-get...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (install.status === 0 && existsSync(CANDIDATES[0])) return CANDIDATES[0];
  }
  throw new Error('Chromium is needed for the browser tests: install it with "sudo apt-get install -y chromium" or set CHROMIUM_PATH');
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
