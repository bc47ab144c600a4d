import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { toDataURL } from 'qrcode';
import type { AuthUser } from '../../../common/auth/auth-user';
import { CommonError } from '../../../common/errors/common.error';
import { secretsConfig } from '../../../config';
import { TransactionRunner } from '../../../events/transaction-runner';
import { AuditService } from '../../audit';
import { SecretBox, type SealedValue } from '../../../common/crypto/secret-box';
import { SettingsService } from '../../settings';
import { UsersService } from '../../users';
import { AuthError } from '../auth.error';
import type { RecoveryCodes, TwoFactorEnrolment, TwoFactorStatus } from '../dto/session.dto';
import { TwoFactorRepository } from './two-factor.repository';

/** RFC 6238 as every authenticator app expects it. */
const PERIOD = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;
/** Codes of the previous and next 30 s are accepted too (clock drift), each once. */
const WINDOW = 1;

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();
/** Recovery codes are compared without case or dashes: "ABCDE-FGHIJ" and "abcdefghij" are the same code. */
const normaliseRecoveryCode = (code: string): string => code.toLowerCase().replace(/[^a-z0-9]/g, '');

function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * Administrators' two-factor sign-in (TOTP + recovery codes). The secret is
 * stored encrypted with the settings key; recovery codes only as hashes; a
 * code is refused when its time step was used before (no replay).
 */
@Injectable()
export class TwoFactorService {
  private readonly box: SecretBox;

  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly tx: TransactionRunner,
    private readonly audit: AuditService,
    private readonly settings: SettingsService,
    private readonly users: UsersService,
    @Inject(secretsConfig.KEY) secrets: ConfigType<typeof secretsConfig>,
  ) {
    this.box = new SecretBox(secrets.settingsKey);
  }

  async required(): Promise<boolean> {
    return (await this.settings.get('security')).twoFactorEnabled;
  }

  isEnabled(userId: string): Promise<boolean> {
    return this.repository.isEnabled(userId);
  }

  async status(userId: string): Promise<TwoFactorStatus> {
    const row = await this.repository.find(userId);
    const enabled = Boolean(row?.enabled_at);
    return {
      enabled,
      enabledAt: row?.enabled_at ? new Date(row.enabled_at).toISOString() : null,
      recoveryCodesLeft: enabled ? await this.repository.recoveryCodesLeft(userId) : 0,
      required: await this.required(),
    };
  }

  /** A new secret, kept pending until a code from it is confirmed. */
  async startEnrolment(user: { id: string; email: string }): Promise<TwoFactorEnrolment> {
    if (await this.repository.isEnabled(user.id)) throw AuthError.secondFactorAlreadySetUp();
    const secret = new Secret({ size: 20 });
    await this.repository.savePending(user.id, JSON.stringify(this.box.seal(secret.base32)));
    const { siteName } = await this.settings.get('general');
    const otpauthUrl = this.totp(secret.base32, user.email, siteName).toString();
    return { secret: secret.base32, otpauthUrl, qrCode: await toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
  }

  /** Confirms the pending secret with one code; answers the 10 recovery codes, shown this once. */
  async confirmEnrolment(user: { id: string; email: string }, code: string, actor: Pick<AuthUser, 'id' | 'email'>): Promise<RecoveryCodes> {
    const row = await this.repository.find(user.id);
    if (!row?.pending_secret_encrypted) throw AuthError.secondFactorSetUpNotStarted();
    const step = this.acceptedStep(this.open(row.pending_secret_encrypted), code);
    if (step === null) throw AuthError.codeNotRight();
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await this.tx.run(async (tx) => {
      await this.repository.enable(tx.manager, user.id, step);
      await this.repository.replaceRecoveryCodes(
        tx.manager,
        user.id,
        codes.map((c) => sha256(normaliseRecoveryCode(c))),
      );
      await this.audit.record(tx.manager, {
        actor,
        action: 'update',
        resource: 'two-factor',
        resourceId: user.id,
        summary: `Set up two-factor sign-in for ${user.email}`,
      });
    });
    return { recoveryCodes: codes };
  }

  /** New recovery codes (the old ones stop working), after a current code from the app. */
  async regenerateRecoveryCodes(user: AuthUser, code: string): Promise<RecoveryCodes> {
    if (!(await this.verify(user.id, code, { allowRecoveryCode: false }))) throw AuthError.codeNotRight();
    const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
    await this.tx.run(async (tx) => {
      await this.repository.replaceRecoveryCodes(
        tx.manager,
        user.id,
        codes.map((c) => sha256(normaliseRecoveryCode(c))),
      );
      await this.audit.record(tx.manager, {
        actor: user,
        action: 'update',
        resource: 'two-factor',
        resourceId: user.id,
        summary: 'Generated new two-factor recovery codes',
      });
    });
    return { recoveryCodes: codes };
  }

  /** A code from the app (once per time step) or an unused recovery code (once). */
  async verify(userId: string, code: string, options: { allowRecoveryCode: boolean } = { allowRecoveryCode: true }): Promise<boolean> {
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed.replace(/\s/g, ''))) {
      const row = await this.repository.find(userId);
      if (!row?.secret_encrypted) return false;
      const step = this.acceptedStep(this.open(row.secret_encrypted), trimmed.replace(/\s/g, ''));
      return step !== null && (await this.repository.useStep(userId, step));
    }
    if (!options.allowRecoveryCode) return false;
    const normalised = normaliseRecoveryCode(trimmed);
    if (normalised.length !== 10) return false;
    return this.repository.useRecoveryCode(userId, sha256(normalised));
  }

  /**
   * Another administrator turns it off for an account (a lost phone):
   * audited, and every session of the account ends in the same transaction
   * (whoever holds one may be who took the phone); the admin enrols again at
   * the next sign-in.
   */
  async reset(target: { id: string; email: string }, actor: AuthUser): Promise<void> {
    if (target.id === actor.id) throw AuthError.ownSecondFactorReset();
    await this.tx.run(async (tx) => {
      if (!(await this.repository.remove(tx.manager, target.id))) throw CommonError.notFound('This account has no two-factor sign-in to reset');
      await this.users.endAllSessions(target.id, tx.manager);
      await this.audit.record(tx.manager, {
        actor,
        action: 'update',
        resource: 'two-factor',
        resourceId: target.id,
        summary: `Reset two-factor sign-in of ${target.email}`,
      });
    });
  }

  private totp(base32: string, label: string, issuer: string): TOTP {
    return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(base32) });
  }

  /** The time step the code belongs to, or null when it is not valid now (within the window). */
  private acceptedStep(base32: string, code: string): number | null {
    if (!/^\d{6}$/.test(code)) return null;
    const now = Date.now();
    const delta = this.totp(base32, 'x', 'x').validate({ token: code, timestamp: now, window: WINDOW });
    return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
  }

  private open(sealed: string): string {
    return this.box.open(JSON.parse(sealed) as SealedValue);
  }
}
