/**
 * Issue 39 item 9: a customer's discount % and default price level are the managers' (the owner and level 1),
 * as the credit limit is (commands/rules/client-terms.ts); a change is recorded in the audit log.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { auditOfWrite } from '../../commands/audit/derive';
import { CLIENT_TERMS_MESSAGE, clientTermsRefusal } from '../../commands/rules/client-terms';
import { makeBackend, ok } from './helpers';
import { AGENT, MANAGER, OWNER } from '../support/fixtures';
import { configure } from './sales-fixtures';

const LEVELS = { percentageDiscount: true, priceLevels: [{ id: 'wholesale', name: 'Wholesale', minQuantity: 12 }] };


test("a sales agent can neither change a customer's discount nor their price level; other fields still save", async () => {
  const b = await makeBackend();
  await configure(b, LEVELS);
  const chi = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Chioma', discount: 5, defaultLevel: 'wholesale' }));
  ok(await b.dispatch('session-set', AGENT));
  const discount = await b.dispatch('client-update', { id: chi._id, name: 'Chioma', discount: 50 });
  assert.equal(discount, { ok: false, error: { code: 'client-terms-level', message: CLIENT_TERMS_MESSAGE } });
  const level = await b.dispatch('client-update', { id: chi._id, name: 'Chioma', discount: 5, defaultLevel: '' });
  assert.equal(level, { ok: false, error: { code: 'client-terms-level', message: CLIENT_TERMS_MESSAGE } });
  const created = await b.dispatch('client-create', { kind: 'customer', name: 'Obi', discount: 20 });
  assert.equal(created, { ok: false, error: { code: 'client-terms-level', message: CLIENT_TERMS_MESSAGE } });
  // The agent's dialog leaves both out: the name and phone change, the terms stay.
  const renamed = ok(await b.dispatch('client-update', { id: chi._id, name: 'Chioma A.', phone_number: '08031234567' }));
  assert.equal([renamed.name, renamed.discount, renamed.defaultLevel], ['Chioma A.', 5, 'wholesale']);
  await b.close();
});

test("a manager changes a customer's discount: the server's audit entry has it with before and after", async () => {
  const b = await makeBackend();
  await configure(b, LEVELS);
  const chi = ok(await b.dispatch('client-create', { kind: 'customer', name: 'Chioma', discount: 5 }));
  ok(await b.dispatch('session-set', MANAGER));
  const before = await b.ctx.db.main.get(chi._id);
  const saved = ok(await b.dispatch('client-update', { id: chi._id, name: 'Chioma', discount: 7.5 }));
  assert.is(saved.discount, 7.5);
  // The /db gate writes the entry from the stored version and the new one (commands/audit/derive.ts).
  const after = await b.ctx.db.main.get(chi._id);
  const entries = auditOfWrite(after as never, before as never).filter((e) => e.action === 'discount-change');
  assert.equal(entries.map((e) => [e.target.label, e.changes]), [['Chioma', [{ field: 'Discount (%)', before: '5 %', after: '7.5 %' }]]]);
  await b.close();
});

test('the rule on documents, as the server gate runs it: levels 0-1 pass, others only when nothing changed', () => {
  const before = { stores: 'customer', discount: 5, defaultLevel: 'wholesale' };
  assert.is(clientTermsRefusal(OWNER.level, before, { ...before, discount: 9 }), undefined);
  assert.is(clientTermsRefusal(1, before, { ...before, defaultLevel: '' }), undefined);
  for (const level of [2, 3, 4]) {
    assert.is(clientTermsRefusal(level, before, { ...before, discount: 9 }), CLIENT_TERMS_MESSAGE);
    assert.is(clientTermsRefusal(level, before, { stores: 'customer', discount: 5 }), CLIENT_TERMS_MESSAGE);
    assert.is(clientTermsRefusal(level, before, { ...before, name: 'x' } as typeof before), undefined);
    assert.is(clientTermsRefusal(level, undefined, { stores: 'customer', discount: 0 }), undefined);
  }
});

test.run();
