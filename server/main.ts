/**
 * `npm start`: one process on 127.0.0.1 serving the built app (and, as the server grows, the business API
 * and the sync endpoint). Settings by environment: PORT (default 8080; 0 picks a free port), DATA_DIR.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { staticApp } from './static';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';

const app = express();
app.disable('x-powered-by');
app.use(staticApp());

const server = app.listen(port, host, () => {
  const { port: actual } = server.address() as AddressInfo;
  // Tests and scripts wait for this exact line.
  console.log(`Oja listening on http://${host}:${actual}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
