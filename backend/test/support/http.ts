import type { TestApp } from './test-app';

/** Reads a response body as raw bytes (downloads, files) instead of text or JSON. */
export const binary = (req: ReturnType<TestApp['http']['get']>) =>
  req.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (c: Buffer) => chunks.push(c));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });
