export { PaymentsSandboxModule } from './payments-sandbox.module';
