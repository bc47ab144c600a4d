export { AuthModule } from './auth.module';
export { ACCESS_REQUIRED, AuthError, AuthErrorCode, LINK_ENDED, MAINTENANCE_MESSAGE } from './auth.error';
export { resetTwoFactor } from './two-factor/reset-two-factor';
