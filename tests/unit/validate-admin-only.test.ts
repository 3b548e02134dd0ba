/**
 * validate_doc_update is one small function, the same for every business (server/couch/validate.ts): only the
 * database admin writes — the /db gate, after the rulebook passed a member's document — and a document the gate
 * marked as refused is refused with the gate's reason. So nothing reaches a database around the rulebook, even
 * a member's own login sent straight to CouchDB.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ONLY_THROUGH_THE_GATE, validateDesignDoc } from '../../server/couch/validate';
import { REFUSED_FIELD } from '../../server/couch/refused';

type Vdu = (newDoc: object, oldDoc: object | null, userCtx: object) => void;
const vdu = new Function(`return (${validateDesignDoc().validate_doc_update});`)() as Vdu;
const reason = (run: () => void) => {
  try {
    run();
    return undefined;
  } catch (e) {
    return (e as { forbidden?: string }).forbidden;
  }
};

test('a member, even the owner, writes nothing directly; the admin writes; a marked document is refused with its reason', () => {
  const sale = { _id: '2x', stores: 'sale', total_due: 5, amount_paid: 5 };
  for (const level of [0, 1, 2, 3, 4]) {
    assert.is(reason(() => vdu(sale, null, { name: 'v2_ada', roles: ['oja:member:b1', `oja:level:${level}`] })), ONLY_THROUGH_THE_GATE, `level ${level}`);
  }
  assert.is(reason(() => vdu(sale, null, { name: null, roles: [] })), ONLY_THROUGH_THE_GATE);
  assert.is(reason(() => vdu(sale, null, { name: 'admin', roles: ['_admin'] })), undefined);
  assert.is(reason(() => vdu({ ...sale, [REFUSED_FIELD]: 'Deleting transactions is not allowed' }, null, { name: 'admin', roles: ['_admin'] })), 'Deleting transactions is not allowed');
});

test('the function is small and names no business or setting', () => {
  const source = validateDesignDoc().validate_doc_update;
  assert.ok(source.length < 600, `${source.length} characters`);
  assert.not.match(source, /deletePolicy|oja:member|LEVELS/);
});

test.run();
