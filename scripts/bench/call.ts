/** One call into the bench page's `bench` object (page.ts), typed by its method. */
import type { Page } from 'puppeteer-core';
import type { Bench } from './page';

export const call = <K extends keyof Bench>(page: Page, name: K, ...args: Parameters<Bench[K]>) =>
  page.evaluate((n, a) => (globalThis as unknown as { bench: Record<string, (...x: unknown[]) => unknown> }).bench[n](...a), name, args as unknown[]) as Promise<Awaited<ReturnType<Bench[K]>>>;
