import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { TokenKind } from '../../../common/auth/auth-user';
import { LANGUAGES, type Language } from '../../../common/i18n';
import { UserIdentity } from '../../users';

/** The signed-in user, as every session answer carries it. */
export class SessionUser extends UserIdentity {
  @ApiProperty({ description: 'May study: an administrator, or lifetime access' })
  hasAccess: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastLoginAt: string | null;
  @ApiProperty({ enum: LANGUAGES, type: String, nullable: true, description: "The account's language (null: the site's); the learner site switches to it" })
  language: Language | null;
}

/** How an admin session slides: it ends after `idleTimeoutSeconds` without renewal, and at `absoluteExpiresAt` whatever the activity. */
export class SessionTiming {
  @ApiProperty({ format: 'date-time', description: 'When this token expires unless renewed' })
  expiresAt: string;
  @ApiProperty({ format: 'date-time', description: 'When the session ends whatever the activity' })
  absoluteExpiresAt: string;
  @ApiProperty({ description: 'The Security setting sessionTimeout, in seconds' })
  idleTimeoutSeconds: number;
  @ApiProperty({ description: 'How long before the end the console warns' })
  warningSeconds: number;
}

/** A new session: the bearer token and who it belongs to. */
export class SessionResult {
  @ApiProperty({ enum: [true] })
  success: true;
  @ApiPropertyOptional({ example: 'Account created' })
  message?: string;
  @ApiProperty({ description: 'The bearer token (a JWT)' })
  token: string;
  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
  @ApiProperty()
  user: SessionUser;
  @ApiPropertyOptional({ description: 'Admin sessions only' })
  session?: SessionTiming;
}

/** A purchase by someone who already has an account: it was added to that account; no new session. */
export class PurchaseAddedToAccount {
  @ApiProperty({ enum: [true] })
  success: true;
  @ApiProperty({ enum: [true] })
  existingAccount: true;
  @ApiProperty({ example: 'This purchase was added to your existing account. Please sign in.' })
  message: string;
}

export class SessionInfo {
  @ApiProperty({ enum: ['learner', 'admin'], enumName: 'TokenKind' })
  kind: TokenKind;
  @ApiProperty({ format: 'date-time' })
  expiresAt: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Admin sessions: when the session ends whatever the activity' })
  absoluteExpiresAt?: string;
  @ApiPropertyOptional({ description: 'Admin sessions: the inactivity timeout in seconds' })
  idleTimeoutSeconds?: number;
  @ApiPropertyOptional({ description: 'Admin sessions: how long before the end the console warns' })
  warningSeconds?: number;
}

/** The signed-in user and the session. */
export class Me {
  @ApiProperty()
  user: SessionUser;
  @ApiProperty()
  session: SessionInfo;
}

/** A correct password when a second factor is needed: no session yet. */
export class TwoFactorChallenge {
  @ApiProperty({ enum: [true] })
  twoFactorRequired: true;
  @ApiProperty({ description: 'The account has no authenticator yet: it must set one up before it gets a session' })
  enrolmentRequired: boolean;
  @ApiProperty({ description: 'Short-lived and single-use; it is not a session' })
  challenge: string;
  @ApiProperty()
  expiresInSeconds: number;
}

/** A new authenticator to add. */
export class TwoFactorEnrolment {
  @ApiProperty({ description: 'Base32, for typing into an app by hand' })
  secret: string;
  @ApiProperty({ example: 'otpauth://totp/Affiliate%20Academy:admin%40example.com?secret=...&issuer=Affiliate%20Academy' })
  otpauthUrl: string;
  @ApiProperty({ description: 'The otpauth URL as a QR code (a PNG data URL rendered by the server)' })
  qrCode: string;
}

export class TwoFactorStatus {
  @ApiProperty()
  enabled: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  enabledAt: string | null;
  @ApiProperty()
  recoveryCodesLeft: number;
  @ApiProperty({ description: 'The Security setting: every administrator must use it' })
  required: boolean;
}

export class RecoveryCodes {
  @ApiProperty({ type: [String], description: 'Ten single-use codes, shown this once' })
  recoveryCodes: string[];
}

/** The session of a completed second step; completing an enrolment, it also carries the recovery codes, shown this once. */
export class TwoFactorSession extends SessionResult {
  @ApiPropertyOptional({ type: [String], description: 'After an enrolment only: ten single-use codes, shown this once' })
  recoveryCodes?: string[];
}
