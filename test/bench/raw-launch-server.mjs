// The launch benchmark's baseline: plain node:http + pg serving the landing
// page (the built index.html, precompressed as the product serves it) and
// starting a checkout the way the product stores one (the payment, its
// state history and its outbox event in one transaction), without the
// framework, validation, provider quote or anything else.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';

const [databaseUrl, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const dist = join(import.meta.dirname, '../../web-learner/dist');
const landing = {
  br: readFileSync(join(dist, 'index.html.br')),
  gzip: readFileSync(join(dist, 'index.html.gz')),
  plain: readFileSync(join(dist, 'index.html')),
};

async function createCheckout(body) {
  const id = randomUUID();
  const secret = randomBytes(24).toString('base64url');
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO payments (id, email, method, amount, list_amount, discount_amount, currency, currency_code, network, pay_currency, provider, state, client_id, claim_secret_hash, pay_address, pay_amount)
       VALUES ($1, $2, 'crypto', 497, 497, 0, 'USD', 'USDT', 'Tron (TRC-20)', 'usdttrc20', 'sandbox', 'AWAITING_PAYMENT', $3, $4, 'TNDFkiSmBQorNFacb3735q8MnT29sn8BLn', 497)`,
      [id, String(body.email).toLowerCase(), body.clientId ?? null, createHash('sha256').update(secret).digest('hex')],
    );
    await client.query(
      `INSERT INTO payment_state_history (payment_id, from_state, to_state, reason) VALUES ($1, NULL, 'CREATED', 'checkout requested'), ($1, 'CREATED', 'AWAITING_PAYMENT', 'provider checkout created')`,
      [id],
    );
    await client.query(`INSERT INTO outbox_events (id, type, aggregate_type, aggregate_id, payload) VALUES ($1, 'payment.created', 'payment', $2, $3)`, [
      randomUUID(),
      id,
      JSON.stringify({ paymentId: id, email: body.email }),
    ]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  return { success: true, paymentId: id, claimSecret: secret, paymentUrl: `http://127.0.0.1:${port}/pay/${id}` };
}

createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/') {
    const accepts = req.headers['accept-encoding'] ?? '';
    const [encoding, body] = accepts.includes('br') ? ['br', landing.br] : accepts.includes('gzip') ? ['gzip', landing.gzip] : [null, landing.plain];
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, ...(encoding && { 'content-encoding': encoding }) });
    return res.end(body);
  }
  if (req.method === 'POST' && req.url === '/api/payments/create') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      try {
        const answer = JSON.stringify(await createCheckout(JSON.parse(Buffer.concat(chunks).toString())));
        res.writeHead(201, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(answer) });
        res.end(answer);
      } catch (err) {
        res.writeHead(500);
        res.end(String(err));
      }
    });
    return;
  }
  res.writeHead(404);
  res.end();
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
