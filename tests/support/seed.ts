/**
 * The one seed helper of the tests and the benchmarks: runs commands in order through the app's own backend —
 * in Node (`seed(b, calls)`, a createBackend) or in a page of the app's origin (`seedPage(page, user, calls)`,
 * through tests/support/driver.ts) — and checks every reply: the first refused one throws with the command's
 * name and message. Documents a test writes directly (shapes no command makes) go through `seedDocs`, which
 * checks each write the same way. A test that asserts on a refusal dispatches that command itself.
 */
import type { Page } from 'puppeteer-core';
import type { SessionUser } from '../../commands/session';
import type { NodeBackend } from '../../worker/backend';
import { checked, type Call, type Values } from './calls';
import { runReplies } from './driver';

export { checked, type Call, type Values };

/** Runs the calls in order on a Node backend; answers their values, throwing at the first refusal. */
export async function seed<C extends Call[]>(b: Pick<NodeBackend, 'dispatch'>, calls: [...C]): Promise<Values<C>> {
  const values: unknown[] = [];
  for (const [name, input] of calls as Call[]) values.push(checked(name, await b.dispatch(name, input as never)));
  return values as Values<C>;
}

/** Runs the calls in order as `user` in the page's business; answers their values, throwing at the first refusal. */
export async function seedPage<C extends Call[]>(page: Page, user: SessionUser, calls: [...C]): Promise<Values<C>> {
  const replies = await runReplies(page, user, calls as Call[]);
  return replies.map((reply, i) => checked(calls[i][0], reply)) as Values<C>;
}

type BulkResult = { id?: string; error?: boolean | string; reason?: string; message?: string };

/** Writes documents directly (bulkDocs) and throws when any of them was not written, naming it. */
export async function seedDocs<D extends {}>(db: { bulkDocs(docs: D[]): Promise<BulkResult[]> }, docs: D[]): Promise<void> {
  const failed = (await db.bulkDocs(docs)).filter((r) => r.error);
  if (failed.length) throw new Error(`seedDocs refused: ${failed.map((r) => `${r.id}: ${r.reason ?? r.message ?? r.error}`).join('; ')}`);
}
