import { setupServer } from 'msw/node';

/** The fake API of every test (msw): test-setup.ts starts it, each test adds its routes (fakeApi or server.use), they are dropped after it. */
export const server = setupServer();
