/**
 * A proxy in front of a test server that notes every request (and how many documents a revs_diff or _bulk_get
 * asks about) and can hold back the requests a test picks until it releases them: a sync test reads a till
 * mid-pull whatever the machine's speed; it can also cut one device off the server while others stay on.
 * Listens on a free port on 127.0.0.1.
 */
import { createServer, request, type Server } from 'node:http';

export type Seen = { method: string; url: string; revsDiffIds: number; bulkGetDocs: number };
export type Held = { reached: Promise<void>; release(): void };
export type RecordingProxy = {
  url: string;
  seen: Seen[];
  hold(match: (s: Seen) => boolean): Held;
  /** Cut: every open connection is dropped and new ones are closed unanswered, as a pulled cable; or back on. */
  cut(on: boolean): void;
  close(): void;
};

function documentsAsked(url: string, body: Buffer): Pick<Seen, 'revsDiffIds' | 'bulkGetDocs'> {
  const json = () => JSON.parse(body.toString() || '{}');
  return {
    revsDiffIds: url.includes('/_revs_diff') ? Object.keys(json()).length : 0,
    bulkGetDocs: url.includes('/_bulk_get') ? (json().docs ?? []).length : 0,
  };
}

export function startRecordingProxy(target: string): Promise<RecordingProxy> {
  const seen: Seen[] = [];
  const holds: { match: (s: Seen) => boolean; gate: Promise<void>; reach: () => void }[] = [];
  let cut = false;
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((req, res) => {
    if (cut) return void req.socket.destroy();
    const chunks: Uint8Array[] = [];
    req.on('data', (c: Uint8Array) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      const url = req.url ?? '';
      const s: Seen = { method: req.method ?? 'GET', url, ...documentsAsked(url, body) };
      seen.push(s);
      const hold = holds.find((h) => h.match(s));
      if (hold) {
        hold.reach();
        await hold.gate;
      }
      const up = request(target + url, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      up.on('error', () => res.writeHead(502).end());
      up.end(body);
    });
  });
  server.on('connection', (socket) => {
    if (cut) return void socket.destroy();
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
        seen,
        hold(match) {
          let reach = () => undefined as void;
          let release = () => undefined as void;
          const reached = new Promise<void>((r) => (reach = r));
          const gate = new Promise<void>((r) => (release = r));
          holds.push({ match, gate, reach });
          return { reached, release };
        },
        cut(on) {
          cut = on;
          if (on) for (const socket of sockets) socket.destroy();
        },
        close: () => {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      }),
    ),
  );
}
