/**
 * The set-up of the browser tests that sign in through the screen and sync with the server: setup()'s server and
 * browser plus a business registered through the API, its owner signed in as `business.owner`.
 */
import { registerBusiness } from '../server/helpers';
import { setup } from './harness';

export async function setupBusiness(name: string, env: Record<string, string> = {}) {
  const files = await setup(env);
  try {
    return Object.assign(files, { business: await registerBusiness(files.server, { name }) });
  } catch (e) {
    await files.teardown();
    throw e;
  }
}
