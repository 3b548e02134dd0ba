/**
 * Reaching the receipt printer: the @point-of-sale drivers for USB (WebUSB), serial (WebSerial) and Bluetooth
 * (WebBluetooth), and the Oja server for a network printer on the shop's LAN (POST /api/printer/{business}/print,
 * server/printer/). Part of the printer chunk (./print-sale.ts is its entry).
 *
 * A connection is opened once and kept for the page's life (a serial port cannot be opened twice); a printer
 * that is gone (unplugged, switched off, permission withdrawn) is a PrinterMissing, which the quick sale turns
 * into the browser's print with a notice.
 */
import WebUSBReceiptPrinter from '@point-of-sale/webusb-receipt-printer';
import WebSerialReceiptPrinter from '@point-of-sale/webserial-receipt-printer';
import WebBluetoothReceiptPrinter from '@point-of-sale/webbluetooth-receipt-printer';
import { browserSupport, type PrinterDevice, type PrinterKind, type PrinterLanguage, type PrinterSettings } from './settings';

/** The printer cannot be reached; its message is a sentence for the cashier. */
export class PrinterMissing extends Error {
  /** Recognised without importing this chunk (after-sale.ts stays out of it). */
  readonly printerMissing = true;
}

/** What the drivers have in common (they ship no types). */
type Driver = {
  connect(): Promise<void>;
  reconnect(device: object): Promise<void>;
  print(data: Uint8Array): Promise<void>;
  addEventListener(event: 'connected' | 'disconnected', fn: (info?: ConnectedInfo) => void): void;
};
type ConnectedInfo = {
  type: string;
  vendorId?: number | null;
  productId?: number | null;
  serialNumber?: string | null;
  id?: string | null;
  /** Bluetooth gives the device's name, USB its product name. */
  name?: string | null;
  productName?: string | null;
  language?: PrinterLanguage | 'star-line' | null;
  codepageMapping?: string | null;
};

/** What connecting found: the device to find again, and what the driver knows of the printer. */
export type Connected = { device: PrinterDevice; language?: PrinterLanguage; codepageMapping?: string };

/** A reconnect (no chooser) and a connect (the person picks in the browser's chooser) at most this long. */
const RECONNECT_MS = 10_000;
const CHOOSE_MS = 120_000;
/** How long after connect/reconnect settles the driver's 'connected' may still come (it is sent a tick later). */
const SETTLE_MS = 1500;
const nav = () => navigator as Navigator & { usb?: unknown; serial?: unknown; bluetooth?: unknown };

function makeDriver(kind: Exclude<PrinterKind, 'network'>, baudRate?: number): Driver {
  if (!browserSupport()[kind]) throw new PrinterMissing(`This browser cannot reach ${kind === 'usb' ? 'USB' : kind === 'serial' ? 'serial' : 'Bluetooth'} printers.`);
  if (kind === 'usb') return new WebUSBReceiptPrinter() as unknown as Driver;
  if (kind === 'serial') return new WebSerialReceiptPrinter({ baudRate: baudRate ?? 9600 }) as unknown as Driver;
  return new WebBluetoothReceiptPrinter() as unknown as Driver;
}

let open: { key: string; driver: Driver } | null = null;

const keyOf = (kind: string, device: PrinterDevice | undefined) => `${kind}:${JSON.stringify(device ?? {})}`;

/**
 * Runs `start` (the driver's connect or reconnect) and answers what its 'connected' event said. The drivers
 * announce success a tick after `start` settles and say nothing when it failed (they only log it), so silence
 * for SETTLE_MS after it is a failure, `silence`. `start` itself is given `limitMs` (the person's time in the
 * chooser counts for connect, so its limit is long; a reconnect has no chooser).
 */
async function whenConnected(driver: Driver, start: () => Promise<void>, limitMs: number, silence: string): Promise<ConnectedInfo> {
  let info: ConnectedInfo | undefined;
  driver.addEventListener('connected', (i) => (info = i ?? { type: 'printer' }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([start(), new Promise((_, reject) => (timer = setTimeout(() => reject(new PrinterMissing(silence)), limitMs)))]);
  } catch (e) {
    throw e instanceof PrinterMissing ? e : new PrinterMissing(e instanceof Error ? e.message : String(e));
  } finally {
    clearTimeout(timer);
  }
  for (const until = Date.now() + SETTLE_MS; !info && Date.now() < until; ) await new Promise((r) => setTimeout(r, 20));
  if (!info) throw new PrinterMissing(silence);
  return info;
}

function remember(kind: string, device: PrinterDevice, driver: Driver): void {
  const key = keyOf(kind, device);
  open = { key, driver };
  driver.addEventListener('disconnected', () => {
    if (open?.key === key) open = null;
  });
}

/** Asks the person to pick a printer (the browser's chooser; must run from a click or key press). */
export async function choosePrinter(kind: Exclude<PrinterKind, 'network'>, baudRate?: number): Promise<Connected> {
  const driver = makeDriver(kind, baudRate);
  const info = await whenConnected(driver, () => driver.connect(), CHOOSE_MS, 'No printer was chosen, or the one chosen could not be opened.');
  const device: PrinterDevice = { vendorId: info.vendorId ?? null, productId: info.productId ?? null, serialNumber: info.serialNumber ?? null, id: info.id ?? null, name: info.name ?? info.productName ?? undefined };
  remember(kind, device, driver);
  const language = info.language === 'esc-pos' || info.language === 'star-prnt' ? info.language : info.language === 'star-line' ? 'star-prnt' : undefined;
  return { device, language, codepageMapping: info.codepageMapping ?? undefined };
}

/** Whether the printer chosen before is still there, without the chooser (only devices this site was allowed). */
async function present(kind: Exclude<PrinterKind, 'network'>, d: PrinterDevice): Promise<boolean> {
  const n = nav() as unknown as {
    usb?: { getDevices(): Promise<{ vendorId: number; productId: number; serialNumber?: string }[]> };
    serial?: { getPorts(): Promise<{ getInfo(): { usbVendorId?: number; usbProductId?: number } }[]> };
    bluetooth?: { getDevices?(): Promise<{ id: string }[]> };
  };
  if (kind === 'usb') return (await n.usb!.getDevices()).some((x) => (d.serialNumber && x.serialNumber === d.serialNumber) || (x.vendorId === d.vendorId && x.productId === d.productId));
  if (kind === 'serial') return (await n.serial!.getPorts()).some((p) => p.getInfo().usbVendorId === d.vendorId && p.getInfo().usbProductId === d.productId);
  if (!n.bluetooth!.getDevices) return false;
  return (await n.bluetooth!.getDevices()).some((x) => x.id === d.id);
}

async function driverFor(p: PrinterSettings): Promise<Driver> {
  const kind = p.kind as Exclude<PrinterKind, 'network'>;
  const device = p.device ?? {};
  if (open?.key === keyOf(kind, device)) return open.driver;
  const driver = makeDriver(kind, p.baudRate);
  if (!(await present(kind, device))) throw new PrinterMissing('The receipt printer is not connected.');
  await whenConnected(driver, () => driver.reconnect(device), RECONNECT_MS, 'The receipt printer did not answer.');
  remember(kind, device, driver);
  return driver;
}

/** Sends the bytes to the network printer through the Oja server (the browser cannot open raw TCP). */
async function printOverNetwork(p: PrinterSettings, business: string, data: Uint8Array): Promise<void> {
  let reply: Response;
  try {
    reply = await fetch(`/api/printer/${encodeURIComponent(business)}/print`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ host: p.host, port: p.port, data: toBase64(data) }),
    });
  } catch {
    throw new PrinterMissing('The Oja server cannot be reached to print on the network printer.');
  }
  if (!reply.ok) {
    const body = (await reply.json().catch(() => ({}))) as { message?: string };
    throw new PrinterMissing(body.message ?? `The network printer could not print (${reply.status}).`);
  }
}

function toBase64(data: Uint8Array): string {
  let s = '';
  for (let i = 0; i < data.length; i += 0x8000) s += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(s);
}

/** Prints the bytes on this device's printer; PrinterMissing when it cannot be reached. */
export async function sendToPrinter(p: PrinterSettings, business: string, data: Uint8Array): Promise<void> {
  if (p.kind === 'network') return printOverNetwork(p, business, data);
  const driver = await driverFor(p);
  try {
    await driver.print(data);
  } catch (e) {
    open = null;
    throw new PrinterMissing(e instanceof Error ? e.message : String(e));
  }
}
