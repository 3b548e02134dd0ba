/**
 * The cast of the security suite: one business with its owner and a user of every staff level (1-4), the owner
 * of another business, and an anonymous caller, all signed in over real HTTP; plus the server admin's view.
 */
import type { TestServer } from '../e2e/harness';
import { addStaff, Client, registerBusiness } from './helpers';

export type Cast = Awaited<ReturnType<typeof castOf>>;

/** GET/PUT as the database admin (HTTP Basic), to look at what a test must not have changed. */
export function adminOf(server: TestServer) {
  const password = server.adminPassword();
  const auth = 'Basic ' + Buffer.from(`admin:${password}`).toString('base64');
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(server.url + '/db' + path, {
      method,
      headers: { Authorization: auth, Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
}

export async function castOf(server: TestServer, name: string) {
  const admin = adminOf(server);
  const home = await registerBusiness(server, { name, phone: '08011111111' });
  const other = await registerBusiness(server, { name: `${name} Rival`, phone: '08022222222' });
  // Four staff users are one more than the default limit: the server's own record is raised for the suite.
  const record = (await admin('GET', `/directory/business:${home.id}`)).body;
  await admin('PUT', `/directory/business:${home.id}`, { ...record, userLimit: 10 });
  const staff: Record<number, Client> = {};
  const usernames: Record<number, string> = { 0: home.username };
  for (const level of [1, 2, 3, 4]) {
    const first = ['', 'Uche', 'Bisi', 'Tayo', 'Kemi'][level];
    ({ client: staff[level], username: usernames[level] } = await addStaff(home.owner, home.id, `${first} Staff`, level));
  }
  staff[0] = home.owner;
  const dbs = { main: `/db/oja-${home.id}`, shared: `/db/oja-${home.id}-shared`, denormalized: `/db/oja-${home.id}-denormalized` };
  return {
    id: home.id,
    dbs,
    admin,
    /** Signed-in clients by level: 0 is the owner. */
    staff,
    usernames,
    stranger: other.owner,
    anonymous: new Client(server.url),
    /** Everyone outside the business: [label, client, the status they must get]. */
    outsiders: (): [string, Client, number][] => [
      ['anonymous', new Client(server.url), 401],
      ["another business's owner", other.owner, 403],
    ],
    levels: (): [string, Client][] => [0, 1, 2, 3, 4].map((l) => [`level ${l}`, staff[l]]),
  };
}

/** True when an answer leaks nothing: a JSON error with a short reason, no stack trace, no file path. */
export function cleanError(body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const { error, reason } = body as { error?: unknown; reason?: unknown };
  const text = JSON.stringify(body);
  return typeof error === 'string' && typeof reason === 'string' && reason.length < 200 && !/\n\s+at |node_modules|\/(home|work|tmp|usr|root)\//.test(text);
}
