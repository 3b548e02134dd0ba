/**
 * Command registration: one handler per name (a duplicate throws), and a single queue for writing commands
 * so two writes never interleave (invoice counters, balances and bulk writes stay consistent).
 */
import type { Args, CommandName, Result } from '../commands/index';
import type { Ctx } from './context';

export type Handler<K extends CommandName> = (input: Args<K>, ctx: Ctx) => Promise<Result<K>> | Result<K>;
export type HandlerMap<K extends CommandName> = { [P in K]: Handler<P> };

/** A domain's handlers plus the names among them that write (and so run through the queue). */
export type Domain = { handlers: { [name: string]: Handler<CommandName> }; writes: ReadonlySet<string> };

export function domain<K extends CommandName>(handlers: HandlerMap<K>, options: { writes?: readonly NoInfer<K>[] } = {}): Domain {
  return { handlers: handlers as unknown as Domain['handlers'], writes: new Set(options.writes ?? []) };
}

export class Registry {
  private readonly handlers = new Map<string, Handler<CommandName>>();
  private readonly writes = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();

  add(d: Domain): void {
    for (const [name, handler] of Object.entries(d.handlers)) {
      if (this.handlers.has(name)) throw new Error(`Command registered twice: ${name}`);
      this.handlers.set(name, handler);
      if (d.writes.has(name)) this.writes.add(name);
    }
  }

  has(name: string): boolean {
    return this.handlers.has(name);
  }

  isWrite(name: string): boolean {
    return this.writes.has(name);
  }

  names(): string[] {
    return [...this.handlers.keys()].sort();
  }

  run<K extends CommandName>(name: K, input: Args<K>, ctx: Ctx): Promise<Result<K>> {
    const handler = this.handlers.get(name) as Handler<K> | undefined;
    if (!handler) return Promise.reject(new Error(`Unknown command: ${name}`));
    if (!this.writes.has(name)) return Promise.resolve().then(() => handler(input, ctx));
    const run = this.queue.then(() => handler(input, ctx));
    // The queue continues after a failed write; the failure still reaches this caller.
    this.queue = run.catch(() => undefined);
    return run;
  }
}
