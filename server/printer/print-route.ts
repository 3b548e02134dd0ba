/**
 * POST /api/printer/{business}/print { host, port, data }: a receipt for a network printer on the shop's LAN,
 * sent as raw TCP (port 9100 on most printers; the browser cannot open a socket itself). Bounded on every side:
 * only the business's signed-in members (any level), the bytes (base64) at most PRINTER_MAX_BYTES, the host
 * a private LAN address (./lan-address.ts; a name is resolved first and the address it gives is the one
 * connected to), the port one of PRINTER_PORTS, the whole connection within PRINTER_TIMEOUT_MS, and at most
 * PRINTER_PER_BUSINESS prints of one business at a time.
 */
import { lookup } from 'node:dns/promises';
import { isIP, Socket } from 'node:net';
import express from 'express';
import type { ApiDeps } from '../api/deps';
import { ApiError, badRequest, route, text } from '../api/http';
import { callerFor } from '../api/session';
import { isLanAddress } from './lan-address';
import { printerConfig, type PrinterConfig } from './config';

export const PRINTER_MESSAGES = {
  notLan: 'The printer’s address must be on the shop’s own network (such as 192.168.1.50).',
  badHost: 'Type the printer’s address on the shop’s network, such as 192.168.1.50.',
  badData: 'The receipt to print is missing or not readable.',
  busy: 'The printer is still busy with other receipts. Please try again.',
} as const;

const portMessage = (ports: number[]) => `The printer port must be ${ports.length === 1 ? ports[0] : `one of ${ports.join(', ')}`} (the server allows only these).`;
const tooLarge = (max: number) => `The receipt is too large to print (over ${Math.round(max / 1024)} KB).`;

/** The address to connect to: an IP literal as given, or the first address a name resolves to; then checked. */
async function resolveHost(host: string, cfg: PrinterConfig): Promise<string> {
  if (!host || host.length > 253 || !/^[A-Za-z0-9.:%-]+$/.test(host)) throw badRequest(PRINTER_MESSAGES.badHost, 'printer-host');
  let address = host;
  if (!isIP(host)) {
    try {
      address = (await lookup(host)).address;
    } catch {
      throw new ApiError(502, 'printer-unreachable', `The printer’s name ${host} is not known on this network.`);
    }
  }
  if (!isLanAddress(address, { loopback: cfg.allowLoopback })) throw badRequest(PRINTER_MESSAGES.notLan, 'printer-not-lan');
  return address;
}

function decode(data: string, max: number): Buffer {
  if (!data || !/^[A-Za-z0-9+/]*={0,2}$/.test(data)) throw badRequest(PRINTER_MESSAGES.badData, 'printer-data');
  // Decoded size from the text's length, before decoding anything too large.
  if (Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0) > max) throw new ApiError(413, 'printer-too-large', tooLarge(max));
  const bytes = Buffer.from(data, 'base64');
  if (!bytes.length) throw badRequest(PRINTER_MESSAGES.badData, 'printer-data');
  return bytes;
}

/** Connects, writes every byte, ends; settles once, within the time limit. */
function send(address: string, port: number, bytes: Buffer, timeoutMs: number, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let settled = false;
    const done = (err?: ApiError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve();
    };
    const timer = setTimeout(() => done(new ApiError(504, 'printer-timeout', `The printer at ${label} did not answer in time.`)), timeoutMs);
    socket.once('error', () => done(new ApiError(502, 'printer-unreachable', `The printer at ${label} did not answer.`)));
    socket.connect({ host: address, port }, () => {
      socket.end(new Uint8Array(bytes), () => done());
    });
  });
}

export function printerRoutes(_deps: ApiDeps, cfg: PrinterConfig = printerConfig(process.env)): express.Router {
  const router = express.Router();
  const busy = new Map<string, number>();

  router.post(
    '/printer/:business/print',
    route(async (req) => {
      const business = String(req.params.business);
      await callerFor(_deps.couch, req, business, [0, 1, 2, 3, 4]);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const port = body.port === undefined || body.port === '' ? 9100 : Number(text(body, 'port'));
      if (!Number.isInteger(port) || !cfg.ports.includes(port)) throw badRequest(portMessage(cfg.ports), 'printer-port');
      const bytes = decode(text(body, 'data'), cfg.maxBytes);
      const host = text(body, 'host').trim();
      const address = await resolveHost(host, cfg);
      const running = busy.get(business) ?? 0;
      if (running >= cfg.perBusiness) throw new ApiError(429, 'printer-busy', PRINTER_MESSAGES.busy);
      busy.set(business, running + 1);
      try {
        await send(address, port, bytes, cfg.timeoutMs, `${host}:${port}`);
      } finally {
        const left = (busy.get(business) ?? 1) - 1;
        if (left > 0) busy.set(business, left);
        else busy.delete(business);
      }
      return { ok: true, bytes: bytes.length };
    }),
  );
  return router;
}
