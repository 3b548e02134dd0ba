/**
 * The bounds rule of validate_doc_update (issue 27, item 5): no member stores an amount, quantity or percentage
 * past its bound, whatever device or hand-made request writes it. It walks the very table the worker checks
 * before it writes (commands/lib/doc-limits.ts), with each field's messages worked out here by the same
 * function (commands/lib/bounds.ts), so both sides refuse alike and say the same thing.
 *
 * ES5 for CouchDB's JavaScript engine, inside a template literal: no backslashes (they would be eaten).
 */
import { boundMessage, MAX_AMOUNT, MAX_PERCENT, MAX_QUANTITY } from '../../commands/lib/bounds';
import { DOC_BOUNDS } from '../../commands/lib/doc-limits';

/** One field's rule as the ES5 source reads it: path steps, the range and the messages past either end. */
type ServerRule = { p: string[]; min: number; max: number; high: string; low: string };

function serverRules(): Record<string, ServerRule[]> {
  const out: Record<string, ServerRule[]> = {};
  for (const [kind, rules] of Object.entries(DOC_BOUNDS)) {
    out[kind] = rules.map((r) => {
      const max = r.kind === 'amount' ? MAX_AMOUNT : r.kind === 'quantity' ? MAX_QUANTITY : MAX_PERCENT;
      return { p: r.path.split('.'), min: r.kind === 'percent' ? 0 : -max, max, high: boundMessage(r.kind, r.label, 1), low: boundMessage(r.kind, r.label, -1) };
    });
  }
  return out;
}

const SOURCE = `
  var LIMIT_RULES = %LIMIT_RULES%;
  // Every value at a path of steps; a '*' step fans out over an array's elements or a map's values.
  var valuesAt = function (doc, steps) {
    var current = [doc];
    for (var st = 0; st < steps.length; st++) {
      var next = [];
      for (var cv = 0; cv < current.length; cv++) {
        var here = current[cv];
        if (here === null || typeof here !== 'object') continue;
        if (steps[st] === '*') {
          for (var key in here) if (Object.prototype.hasOwnProperty.call(here, key)) next.push(here[key]);
        } else if (Object.prototype.hasOwnProperty.call(here, steps[st])) next.push(here[steps[st]]);
      }
      current = next;
    }
    return current;
  };
  if (!newDoc._deleted && typeof newDoc.stores === 'string' && Object.prototype.hasOwnProperty.call(LIMIT_RULES, newDoc.stores)) {
    var limitRules = LIMIT_RULES[newDoc.stores];
    for (var lr = 0; lr < limitRules.length; lr++) {
      var bounded = valuesAt(newDoc, limitRules[lr].p);
      for (var bv = 0; bv < bounded.length; bv++) {
        var x = bounded[bv];
        if (typeof x !== 'number' || x !== x) continue;
        if (x > limitRules[lr].max) throw { forbidden: limitRules[lr].high };
        if (x < limitRules[lr].min) throw { forbidden: limitRules[lr].low };
      }
    }
  }
`;

/** The ES5 statements of the bounds rule, for validate_doc_update's body (newDoc in scope). */
export function limitRulesSource(): string {
  return SOURCE.replace('%LIMIT_RULES%', () => JSON.stringify(serverRules()));
}
