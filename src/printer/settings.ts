/**
 * The receipt printer of this device: how it is reached, its language, paper and the currency text it prints.
 * Device-only (localStorage, never synced): a printer is cabled or paired to one till, and another till of the
 * same business has its own or none. Small and import-free so the quick sale can ask 'is there a printer?'
 * without loading the drivers (they come in their own chunk, entered by ./print-sale.ts).
 */

export type PrinterKind = 'usb' | 'serial' | 'bluetooth' | 'network';
export type PrinterLanguage = 'esc-pos' | 'star-prnt';
export type PaperWidth = 58 | 80;

/** What the driver told us at connection, to find the same printer again without asking the person. */
export type PrinterDevice = { vendorId?: number | null; productId?: number | null; serialNumber?: string | null; id?: string | null; name?: string };

export type PrinterSettings = {
  kind: PrinterKind;
  language: PrinterLanguage;
  /** The printer's codepage table, as the USB and Bluetooth drivers report it (else the encoder's default). */
  codepageMapping?: string;
  paper: PaperWidth;
  /** What stands for the currency sign (₦ is in no printer codepage): 'N', 'NGN'... */
  currencyText: string;
  /** The invoice number under the receipt as a QR code or a Code 128 barcode. */
  code: 'qr' | 'barcode';
  /** Open the cash drawer (kick on the printer's drawer port) on a sale paid in cash. */
  drawer: boolean;
  device?: PrinterDevice;
  /** A serial printer's speed (9600 unless its manual says otherwise). */
  baudRate?: number;
  /** A network printer on the shop's LAN, reached through the Oja server (raw TCP, usually port 9100). */
  host?: string;
  port?: number;
};

export const PRINTER_KEY = 'oja:printer';
export const DEFAULT_PORT = 9100;
export const MAX_CURRENCY_TEXT = 5;

export const PRINTER_DEFAULTS: Omit<PrinterSettings, 'kind'> = { language: 'esc-pos', paper: 80, currencyText: 'N', code: 'qr', drawer: true };

/** Characters per line in the printer's standard font (12 × 24 dots): 32 on 58 mm paper, 48 on 80 mm. */
export function columnsFor(paper: PaperWidth): number {
  return paper === 58 ? 32 : 48;
}

const KINDS: readonly string[] = ['usb', 'serial', 'bluetooth', 'network'];

/** This device's printer, or null (none set, or what is stored is not a printer's settings). */
export function loadPrinter(): PrinterSettings | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(PRINTER_KEY);
    if (!raw) return null;
    const p = JSON.parse(raw) as PrinterSettings;
    if (!p || !KINDS.includes(p.kind)) return null;
    return { ...PRINTER_DEFAULTS, ...p, paper: p.paper === 58 ? 58 : 80 };
  } catch {
    return null;
  }
}

export function savePrinter(p: PrinterSettings | null): void {
  if (p) localStorage.setItem(PRINTER_KEY, JSON.stringify(p));
  else localStorage.removeItem(PRINTER_KEY);
}

/** Which ways of connecting this browser has (desktop Chromium browsers have all three; others few or none). */
export function browserSupport(): Record<Exclude<PrinterKind, 'network'>, boolean> {
  const n = (typeof navigator === 'undefined' ? {} : navigator) as { usb?: unknown; serial?: unknown; bluetooth?: unknown };
  return { usb: !!n.usb, serial: !!n.serial, bluetooth: !!n.bluetooth };
}

/** The printer in words: 'USB printer', 'Network printer at 192.168.1.50:9100'... */
export function describePrinter(p: PrinterSettings): string {
  if (p.kind === 'network') return `Network printer at ${p.host}:${p.port ?? DEFAULT_PORT}`;
  const name = p.device?.name ? ` (${p.device.name})` : '';
  return `${p.kind === 'usb' ? 'USB' : p.kind === 'serial' ? 'Serial' : 'Bluetooth'} printer${name}`;
}

/** Why a currency text cannot print ('' when it can): 1 to 5 plain characters, which every codepage has. */
export function currencyTextProblem(text: string): string {
  const t = text.trim();
  if (!t) return 'Type what the printer should print for the currency, such as N or NGN.';
  if (t.length > MAX_CURRENCY_TEXT || !/^[\x21-\x7e]+$/.test(t)) return `Use up to ${MAX_CURRENCY_TEXT} plain letters or signs (A-Z, $, #...): the printer has no ₦.`;
  return '';
}
