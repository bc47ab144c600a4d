import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { EntitlementsRepository } from '../../src/modules/users/entitlements.repository';
import { UsersRepository } from '../../src/modules/users/users.repository';
import { hashPassword } from '../../src/modules/users/password-hasher';
import type { TestApp } from '../support/test-app';

export const PASSWORD = 'Passw0rd!';

export interface UserSeed {
  name?: string;
  email?: string;
  password?: string;
  role?: 'student' | 'admin';
  status?: 'active' | 'inactive' | 'suspended';
  access?: boolean;
}

export interface CreatedUser {
  id: string;
  name: string;
  email: string;
  password: string;
}

let hashed: Promise<string> | undefined;

export async function createUser(db: DataSource, seed: UserSeed = {}): Promise<CreatedUser> {
  const email = seed.email ?? `user-${randomBytes(5).toString('hex')}@example.com`;
  const password = seed.password ?? PASSWORD;
  const hash = password === PASSWORD ? await (hashed ??= hashPassword(PASSWORD)) : await hashPassword(password);
  const name = seed.name ?? `Test ${email.split('@')[0]}`;
  const access = seed.access ?? seed.role !== 'admin';
  const id = await new UsersRepository(db).insert(db.manager, {
    name,
    email,
    passwordHash: hash,
    role: seed.role ?? 'student',
    status: seed.status ?? 'active',
    plan: access ? 'lifetime' : 'free',
  });
  if (access) await new EntitlementsRepository(db).insertAdminGrant(db.manager, id, email);
  return { id, name, email, password };
}

export async function login(app: TestApp, user: { email: string; password: string }, portal: 'learner' | 'admin' = 'learner'): Promise<string> {
  const res = await app.http.post(portal === 'admin' ? '/api/admin/login' : '/api/auth/login').send({ email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`login of ${user.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

export async function adminToken(app: TestApp): Promise<{ token: string; user: CreatedUser }> {
  const user = await createUser(app.db, { role: 'admin' });
  return { token: await login(app, user, 'admin'), user };
}
