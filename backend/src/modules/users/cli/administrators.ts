import type { DataSource } from 'typeorm';
import { isAdminAccount } from '../../../common/auth/admin-power';
import { hashPassword } from '../password-hasher';
import { EmailTakenError, UsersRepository } from '../users.repository';

/**
 * The command line's view of administrators (cli.ts runs without the
 * application container: these use the users repository directly).
 */
export const administrators = {
  async idByEmail(ds: DataSource, email: string): Promise<string | null> {
    const user = await new UsersRepository(ds).findByEmail(email);
    return user && isAdminAccount(user) ? user.id : null;
  },

  /** False when the email is taken. */
  async create(ds: DataSource, admin: { name: string; email: string; password: string }): Promise<boolean> {
    try {
      await new UsersRepository(ds).insert(ds.manager, {
        name: admin.name,
        email: admin.email,
        passwordHash: await hashPassword(admin.password),
        role: 'admin',
        status: 'active',
        plan: 'lifetime',
      });
      return true;
    } catch (err) {
      if (err instanceof EmailTakenError) return false;
      throw err;
    }
  },
};
