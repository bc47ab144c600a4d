// The login benchmark's baseline: raw argon2id verifications per second with
// the product's parameters, as many in flight as the API would have.
import { hash, verify } from '@node-rs/argon2';

const [seconds, concurrency] = process.argv.slice(2).map(Number);
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };
const stored = await hash('Learner123!', options);
let done = 0;
const deadline = Date.now() + seconds * 1000;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (Date.now() < deadline) {
      await verify(stored, 'Learner123!');
      done += 1;
    }
  }),
);
process.send({ perSecond: done / seconds });
