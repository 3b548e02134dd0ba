import { CLIENT_CREATE_FAILED, CLIENT_NAME_REQUIRED, CLIENT_PHONE_INVALID, CLIENT_SEARCH_LIMIT, clientUpdateFailed } from '../../commands/clients';
import { normalisePhone } from '../../commands/lib/phone';
import type { ClientDoc, PaymentDoc } from '../../commands/docs';
import { UserError } from '../../commands/errors';
import { parseMoney } from '../../commands/lib/money';
import { actingUser, userStamp } from '../acting-user';
import { getKind } from '../db';
import { domain } from '../registry';
import { clientAgeing, clientList } from './list';
import { searchClients } from './search-index';
import { checkAmount } from '../../commands/lib/bounds';
import { checkEdit, checkLimits } from '../limits';
import { checkLimitChange, clientCredit, parseCreditLimit } from './credit';
import { LEVEL_MESSAGES, type PriceLevel } from '../../commands/lib/price-levels';
import { writeAllOr } from '../writes';
import { clientTermsRefusal } from '../../commands/rules/client-terms';

/** A customer's discount and default level are the managers' (commands/rules/client-terms.ts). */
function checkTerms(level: number | undefined, before: ClientDoc | undefined, after: ClientDoc): void {
  const refusal = clientTermsRefusal(level, before, after);
  if (refusal) throw new UserError('client-terms-level', refusal);
}

/** A customer's default price level: one of the settings' levels, or none (''). Suppliers have none. */
function defaultLevelOf(given: string | undefined, kind: string, levels: readonly PriceLevel[]): string | undefined {
  const id = given?.trim();
  if (!id || kind !== 'customer') return undefined;
  if (!levels.some((l) => l.id === id)) throw new UserError('unknown-level', LEVEL_MESSAGES.unknown(id));
  return id;
}

/** The phone as stored (E.164, +234… for Nigerian numbers), none when blank; refused when it is no phone number. */
function clientPhone(typed: string | undefined): string | undefined {
  const text = typed?.trim();
  if (!text) return undefined;
  const phone = normalisePhone(text);
  if (!phone) throw new UserError('client-phone', CLIENT_PHONE_INVALID);
  return phone;
}

export default domain(
  {
    'client-create': async (input, ctx) => {
      const user = actingUser(ctx);
      const name = (input.name ?? '').trim();
      if (!name) throw new UserError('client-name', CLIENT_NAME_REQUIRED);
      if (input.kind !== 'customer' && input.kind !== 'supplier') throw new UserError('client-kind', CLIENT_CREATE_FAILED);
      const config = await ctx.config();
      const stamp = userStamp(user);
      const date = ctx.clock();
      const client: ClientDoc = { _id: ctx.newId('client'), stores: input.kind, name, date, user: stamp };
      const phone = clientPhone(input.phone_number);
      if (phone) client.phone_number = phone;
      if (config.percentageDiscount && input.discount !== undefined) client.discount = parseMoney(input.discount);
      if (config.clientAddress && input.address?.trim()) client.address = input.address.trim();
      if (config.clientRemarks && input.remarks?.trim()) client.remarks = input.remarks.trim();
      if (input.kind === 'customer') {
        const limit = parseCreditLimit(input.credit_limit);
        checkLimitChange(user.level, undefined, limit);
        if (limit !== undefined) client.credit_limit = limit;
      }
      const level = defaultLevelOf(input.defaultLevel, input.kind, config.priceLevels ?? []);
      if (level) client.defaultLevel = level;
      checkTerms(user.level, undefined, client);

      const docs: (ClientDoc | PaymentDoc)[] = [client];
      const balance = checkAmount(parseMoney(input.balance), 'Start balance');
      if (balance !== 0) {
        // The spec keeps the start balance as an excluded payment entry, never on the client itself.
        docs.push({
          _id: ctx.newId('payment'),
          stores: 'payment',
          client: { name, account_ref: client._id, ...(phone ? { phone_number: phone } : {}) },
          by: client._id,
          factor: balance < 0 ? -1 : 1,
          amount: Math.abs(balance),
          medium: 'Start balance',
          details: 'Start balance',
          exclude: true,
          date,
          user: stamp,
        });
      }
      checkLimits(...docs);
      const [rev] = await writeAllOr(ctx.db.main, docs, () => new UserError('client-create', CLIENT_CREATE_FAILED));
      return { ...client, _rev: rev };
    },

    'client-search': (input, ctx) =>
      searchClients(ctx.db.main, input.kind, input.query ?? '', Math.min(Math.max(1, input.limit ?? CLIENT_SEARCH_LIMIT), 250)),

    'client-get': async (input, ctx) => {
      const doc = await getKind(ctx.db.main, input.id, 'customer', 'supplier');
      return doc && !doc._deleted && (doc.stores === 'customer' || doc.stores === 'supplier') ? doc : null;
    },

    'client-update': async (input, ctx) => {
      const user = actingUser(ctx);
      const doc = await getKind(ctx.db.main, input.id, 'customer', 'supplier');
      if (!doc || doc._deleted || (doc.stores !== 'customer' && doc.stores !== 'supplier')) throw new UserError('not-found', clientUpdateFailed('client'));
      const name = (input.name ?? '').trim();
      if (!name) throw new UserError('client-name', CLIENT_NAME_REQUIRED);
      const config = await ctx.config();
      const next: ClientDoc = { ...doc, name, updatedBy: userStamp(user) };
      const text = (v: string | undefined) => v?.trim() || undefined;
      const set = <K extends 'phone_number' | 'address' | 'remarks'>(key: K, value: string | undefined) => {
        if (value) next[key] = value;
        else delete next[key];
      };
      set('phone_number', clientPhone(input.phone_number));
      if (config.percentageDiscount) {
        // Absent: the discount stays (a dialog that does not offer it, e.g. a sales agent's, changes nothing).
        if (input.discount !== undefined) {
          if (input.discount === null || String(input.discount).trim() === '') delete next.discount;
          else next.discount = parseMoney(input.discount);
        }
      }
      if (config.clientAddress) set('address', text(input.address));
      if (config.clientRemarks) set('remarks', text(input.remarks));
      // Absent: the limit stays as it is (a dialog that does not show it changes nothing).
      if (doc.stores === 'customer' && input.credit_limit !== undefined) {
        const limit = parseCreditLimit(input.credit_limit);
        checkLimitChange(user.level, doc.credit_limit, limit);
        if (limit === undefined) delete next.credit_limit;
        else next.credit_limit = limit;
      }
      if (input.defaultLevel !== undefined) {
        const level = defaultLevelOf(input.defaultLevel, doc.stores, config.priceLevels ?? []);
        if (level) next.defaultLevel = level;
        else delete next.defaultLevel;
      }
      checkTerms(user.level, doc, next);
      checkEdit(next, doc);
      // A changed credit limit or default price level is recorded in the audit log by the server's gate.
      const [rev] = await writeAllOr(ctx.db.main, [next], () => new UserError('client-update', clientUpdateFailed(doc.stores)));
      return { ...next, _rev: rev };
    },

    'client-list': (input, ctx) => clientList(ctx, input),
    'client-ageing': (input, ctx) => clientAgeing(ctx, input),
    'client-credit': (input, ctx) => clientCredit(ctx, input.id),
  },
  { writes: ['client-create', 'client-update'] },
);
