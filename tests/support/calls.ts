/**
 * A command with its input, checked against the command map, and the one check of a reply every seed and
 * driver call goes through: a refused reply throws with the command's name and its message, so a seed step
 * the backend refused fails the test where it happened instead of three steps later.
 */
import type { Args, CommandName, Result } from '../../commands/index';
import type { Reply } from '../../commands/errors';

/** One command with its input: `['item-create', { name: 'Rice', … }]`. */
export type Call = { [K in CommandName]: [name: K, input: Args<K>] }[CommandName];

/** The values a list of calls answers, position by position (`Result<'item-create'>` for an item-create). */
export type Values<C extends readonly Call[]> = { [I in keyof C]: C[I] extends [infer K extends CommandName, unknown] ? Result<K> : never };

/** The reply's value; throws `"{name} refused: {message} ({code})"` when the backend refused the command. */
export function checked<T>(name: string, reply: Reply<T> | undefined): T {
  if (!reply) throw new Error(`${name}: no reply`);
  if (!reply.ok) throw new Error(`${name} refused: ${reply.error.message} (${reply.error.code})`);
  return reply.value;
}
