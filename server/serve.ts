/**
 * The serving process (./main.ts starts it under ./supervisor.ts): one process on 127.0.0.1 serving the built app, the business API under /api and the
 * CouchDB-compatible endpoint under /db (embedded express-pouchdb on LevelDB, or COUCH_URL proxied).
 * Settings by environment: PORT (default 8080; 0 picks a free port), HOST, DATA_DIR (default ./data),
 * ADMIN_PASSWORD (generated into DATA_DIR/admin-password when unset), COUCH_URL (and COUCH_SESSION_SECRET),
 * SESSION_TIMEOUT (seconds), PBKDF2_ITERATIONS, REGISTRATIONS_PER_HOUR (default 20, 0: no limit), the LOGIN_*
 * throttle settings (README),
 * PAYMENT_PROVIDER ('none' or 'fake'), SMS_PROVIDER ('log', 'http' or 'fake') and the
 * SMS_* settings of server/settings.ts, the PRINTER_* bounds of the network receipt printer (server/printer/config.ts).
 * The SMS dispatcher (server/sms/) starts with the server.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { apiRouter } from './api/router';
import { refreshAllValidation } from './api/validation';
import { deviceSeen } from './api/device-seen';
import { ensureDirectory } from './api/provision';
import { sessionSecret } from './api/session-cookie';
import { CouchClient } from './couch/client';
import { CouchNodes } from './couch/nodes';
import { setUpCouchdb } from './couch/couchdb-setup';
import { couchEndpoint } from './couch/endpoint';
import { paymentProvider } from './payments/provider';
import { protectiveHeaders } from './headers';
import { INTERNAL_TOKEN } from './login/internal';
import { LoginThrottle } from './login/throttle';
import { readSettings } from './settings';
import { startDispatcher } from './sms/dispatcher';
import { smsProvider } from './sms/provider';
import { staticApp } from './static';

const settings = readSettings();
const app = express();
app.disable('x-powered-by');
// Before every route: the app's files, /api and /db all carry them (./headers.ts).
app.use(protectiveHeaders());
// The admin client needs the port, known once the server listens; the endpoint asks for it per request.
let couch: CouchClient | undefined;
// Wrong passwords are counted across /db and /api (server/login/throttle.ts).
const throttle = new LoginThrottle(settings.login);
app.use(
  '/db',
  // When each device last synced (the owner's device list): noted after the gate has admitted its request.
  deviceSeen(client),
  await couchEndpoint(settings, client, throttle),
);

function client(): CouchClient {
  if (!couch) throw new Error('The database client is not ready yet');
  return couch;
}

let dispatcher: ReturnType<typeof startDispatcher> | undefined;
const server = app.listen(settings.port, settings.host, () => {
  void (async () => {
    const { port } = server.address() as AddressInfo;
    const admin = { name: settings.adminName, password: settings.adminPassword };
    // The embedded endpoint is this process: its own password checks carry the internal token (server/login/internal.ts).
    couch = settings.couchUrl ? new CouchClient(new CouchNodes(settings.couchUrls), admin) : new CouchClient(`http://127.0.0.1:${port}/db`, admin, INTERNAL_TOKEN);
    // On an Apache CouchDB: session timeout, lockout, hashing and system databases as the README says (./couch/couchdb-setup.ts).
    if (settings.couchUrl) await setUpCouchdb(couch, settings);
    await ensureDirectory(couch);
    // Businesses made before the current validation rules get them (in the background: sign-in need not wait).
    void refreshAllValidation(couch).catch((err) => console.error('Updating the validation of the businesses failed:', err));
    // Device sessions are cookies of the database server: the embedded one's secret is ours; COUCH_URL's is given or asked.
    const secret = sessionSecret(client, settings.couchUrl ? settings.couchSessionSecret : settings.sessionSecret);
    app.use(
      '/api',
      apiRouter({
        couch,
        clock: Date.now,
        payments: paymentProvider(settings.paymentProvider),
        sessionSecret: secret,
        registrationsPerHour: settings.registrationsPerHour,
        throttle,
        iterations: settings.iterations,
      }),
    );
    app.use(staticApp());
    const { provider, dispatcherId, ...retries } = settings.sms;
    // SMS_PROVIDER=none: this process sends nothing (another server in front of the same CouchDB does).
    if (provider.name !== 'none') dispatcher = startDispatcher(couch, smsProvider(provider), { by: dispatcherId, ...retries });
    // Whatever else fails answers JSON with a short reason: never Express's page with a stack and paths.
    app.use(((err, req, res, _next) => {
      const status = Number((err as { status?: number })?.status);
      if (!(status >= 400 && status < 500)) console.error(`${req.method} ${req.path} failed:`, err);
      if (res.headersSent) return res.end();
      res.status(status >= 400 && status < 500 ? status : 500).json({ error: status >= 400 && status < 500 ? 'bad_request' : 'internal', reason: 'The request could not be handled.' });
    }) as express.ErrorRequestHandler);
    // Tests and scripts wait for this exact line.
    console.log(`Oja listening on http://${settings.host}:${port}`);
  })().catch((err) => {
    console.error('Oja could not start:', err);
    process.exit(1);
  });
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    dispatcher?.stop();
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}
