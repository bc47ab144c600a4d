export { AuthModule } from './auth.module';
export { ACCESS_REQUIRED, LINK_ENDED, MAINTENANCE_MESSAGE } from './auth.guard';
export { resetTwoFactor } from './two-factor/reset-two-factor';
