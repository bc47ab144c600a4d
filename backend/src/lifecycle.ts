import type { INestApplicationContext } from '@nestjs/common';

/**
 * When started by the launcher (scripts/start.mjs) with an IPC channel, a
 * vanished launcher closes the channel: shut down gracefully instead of
 * lingering as an orphan that still holds the port or takes jobs.
 */
export function closeWhenLauncherExits(app: INestApplicationContext): void {
  if (!process.send) return;
  process.once('disconnect', () => {
    void app.close().finally(() => process.exit(0));
  });
}
