import { dropDatabase } from './services';

export default async function globalTeardown(): Promise<void> {
  if (process.env.TEST_TEMPLATE_DB) await dropDatabase(process.env.TEST_TEMPLATE_DB);
}
