/**
 * The bounds rule of validate_doc_update (issue 27, items 5 and 6): no member stores an amount, quantity or
 * percentage past its bound, nor a name or note past its length (commands/lib/text-limits.ts), whatever device
 * or hand-made request writes it. It walks the very tables the worker checks before it writes
 * (commands/lib/doc-limits.ts), with each field's messages worked out here by the same functions
 * (commands/lib/bounds.ts, text-limits.ts), so both sides refuse alike and say the same thing.
 *
 * ES5 for CouchDB's JavaScript engine, inside a template literal: no backslashes (they would be eaten).
 */
import { boundMessage, MAX_AMOUNT, MAX_PERCENT, MAX_QUANTITY } from '../../commands/lib/bounds';
import { DOC_BOUNDS } from '../../commands/lib/doc-limits';
import { TEXT_LIMITS, textMessage } from '../../commands/lib/text-limits';

/**
 * One field's rule as the ES5 source reads it: path steps, the range and the messages past either end; a text
 * rule has its longest length in `t` instead (and a message the server completes with the length it saw).
 */
type ServerRule = { p: string[]; min: number; max: number; high: string; low: string } | { p: string[]; t: number; high: string };

function serverRules(): Record<string, ServerRule[]> {
  const out: Record<string, ServerRule[]> = {};
  for (const [kind, rules] of Object.entries(DOC_BOUNDS)) {
    out[kind] = rules.map((r) => {
      const max = r.kind === 'amount' ? MAX_AMOUNT : r.kind === 'quantity' ? MAX_QUANTITY : MAX_PERCENT;
      return { p: r.path.split('.'), min: r.kind === 'percent' ? 0 : -max, max, high: boundMessage(r.kind, r.label, 1), low: boundMessage(r.kind, r.label, -1) };
    });
  }
  for (const [kind, rules] of Object.entries(TEXT_LIMITS)) {
    out[kind] = [...(out[kind] ?? []), ...rules.map((r) => ({ p: r.path.split('.'), t: r.max, high: textMessage(r.label, r.max) }))];
  }
  return out;
}

const SOURCE = `
  var LIMIT_RULES = %LIMIT_RULES%;
  // 5000 as '5,000', as the worker's message says it (no regular expression: its backslashes would be eaten).
  var groupDigits = function (n) {
    var digits = String(n), out = '';
    for (var gd = 0; gd < digits.length; gd++) {
      if (gd > 0 && (digits.length - gd) % 3 === 0) out += ',';
      out += digits.charAt(gd);
    }
    return out;
  };
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
      // A value the document held before these rules is not judged again: a till can still mark such a document
      // for review or change its other fields; only a new or changed value is held to the bound.
      var held = oldDoc && !oldDoc._deleted ? valuesAt(oldDoc, limitRules[lr].p) : [];
      for (var bv = 0; bv < bounded.length; bv++) {
        var x = bounded[bv];
        if (held.indexOf(x) !== -1) continue;
        if (limitRules[lr].t !== undefined) {
          if (typeof x === 'string' && x.length > limitRules[lr].t) throw { forbidden: limitRules[lr].high + ' (this one has ' + groupDigits(x.length) + ')' };
          continue;
        }
        if (typeof x !== 'number' || x !== x) continue;
        if (x > limitRules[lr].max) throw { forbidden: limitRules[lr].high };
        if (x < limitRules[lr].min) throw { forbidden: limitRules[lr].low };
      }
    }
  }
`;

/** The ES5 statements of the bounds rule, for validate_doc_update's body (newDoc and oldDoc in scope). */
export function limitRulesSource(): string {
  return SOURCE.replace('%LIMIT_RULES%', () => JSON.stringify(serverRules()));
}
