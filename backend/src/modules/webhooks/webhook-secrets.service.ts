import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { SecretBox, type SealedValue } from '../../common/crypto/secret-box';
import { secretsConfig } from '../../config';

/** Endpoint secrets at rest: sealed with the settings key (AES-256-GCM), like settings secrets and 2FA secrets. */
@Injectable()
export class WebhookSecrets {
  private readonly box: SecretBox;

  constructor(@Inject(secretsConfig.KEY) secrets: ConfigType<typeof secretsConfig>) {
    this.box = new SecretBox(secrets.settingsKey);
  }

  seal(secret: string): string {
    return JSON.stringify(this.box.seal(secret));
  }

  open(sealed: string): string {
    return this.box.open(JSON.parse(sealed) as SealedValue);
  }

  /** The secrets that sign now: the current one, and the previous one while its rotation window lasts. */
  signing(row: { secret_encrypted: string; previous_secret_encrypted: string | null; previous_secret_expires_at: Date | null }, now = new Date()): string[] {
    const current = this.open(row.secret_encrypted);
    const previousValid = row.previous_secret_encrypted && row.previous_secret_expires_at && row.previous_secret_expires_at > now;
    return previousValid ? [current, this.open(row.previous_secret_encrypted!)] : [current];
  }
}
