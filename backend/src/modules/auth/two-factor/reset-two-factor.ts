import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../../database/data-source';
import { auditServiceFor } from '../../audit';
import { administrators } from '../../users';
import { TwoFactorRepository } from './two-factor.repository';

/**
 * The server-side way out when an administrator lost their phone and no
 * other admin can reset it: `npm run admin:create -- --reset-2fa EMAIL`.
 * Audited; they set it up again at their next sign-in.
 */
export async function resetTwoFactor(url: string, emailInput: string, log: (line: string) => void = console.log): Promise<number> {
  const email = emailInput.trim().toLowerCase();
  const ds = new DataSource(dataSourceOptions(url, 2));
  await ds.initialize();
  try {
    const userId = await administrators.idByEmail(ds, email);
    if (!userId) {
      log(`No administrator with the email ${email}.`);
      return 1;
    }
    const twoFactor = new TwoFactorRepository(ds);
    const audit = auditServiceFor(ds);
    await ds.transaction(async (manager) => {
      await twoFactor.remove(manager, userId);
      await audit.record(manager, {
        actor: null,
        actorLabel: 'cli',
        action: 'update',
        resource: 'two-factor',
        resourceId: userId,
        summary: `Reset two-factor sign-in of ${email} from the server command line`,
      });
    });
    log(`Two-factor sign-in of ${email} is reset: they set it up again at their next sign-in.`);
    return 0;
  } finally {
    await ds.destroy();
  }
}
