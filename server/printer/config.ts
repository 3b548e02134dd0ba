/**
 * The network-printer route's bounds, from the environment (README 'Receipt printer'):
 *   PRINTER_PORTS          ports a printer may be reached on, comma-separated (default 9100,9101,9102: raw printing)
 *   PRINTER_TIMEOUT_MS     the whole connection and write (default 5000, at most 30000)
 *   PRINTER_MAX_BYTES      one print's bytes (default 65536, at most 1048576)
 *   PRINTER_ALLOW_LOOPBACK '1' lets the route reach 127.0.0.1 / ::1: for the tests' own TCP listener only, never
 *                          in a shop (the server's own machine is not a printer)
 */
export type PrinterConfig = { ports: number[]; timeoutMs: number; maxBytes: number; perBusiness: number; allowLoopback: boolean };

export const DEFAULT_PRINTER_PORTS = [9100, 9101, 9102];

function bounded(value: string | undefined, fallback: number, max: number): number {
  const n = Number(value);
  return value && Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

export function printerConfig(env: Record<string, string | undefined>): PrinterConfig {
  const ports = (env.PRINTER_PORTS ?? '')
    .split(',')
    .map((p) => Number(p.trim()))
    .filter((p) => Number.isInteger(p) && p >= 1 && p <= 65535);
  return {
    ports: ports.length ? ports : DEFAULT_PRINTER_PORTS,
    timeoutMs: bounded(env.PRINTER_TIMEOUT_MS, 5000, 30000),
    maxBytes: bounded(env.PRINTER_MAX_BYTES, 65536, 1048576),
    perBusiness: 2,
    allowLoopback: env.PRINTER_ALLOW_LOOPBACK === '1',
  };
}
