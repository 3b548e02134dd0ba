/**
 * /settings/printer: this device's receipt printer (device-only, ./settings.ts). Connect one by USB, serial or
 * Bluetooth (the browser's chooser), or name a network printer on the shop's LAN that the Oja server prints to;
 * paper width, printer language, the currency text, QR code or barcode, and the cash drawer. The quick sale
 * then prints each receipt on it with no dialog.
 */
import { useEffect, useRef, useState } from 'react';
import type { ScreenProps } from '../screen';
import { CheckboxField, ErrorAlert, SelectField, TextField } from '../ui/fields';
import {
  browserSupport,
  currencyTextProblem,
  DEFAULT_PORT,
  describePrinter,
  loadPrinter,
  PRINTER_DEFAULTS,
  savePrinter,
  type PrinterKind,
  type PrinterSettings,
} from './settings';

type Options = Omit<PrinterSettings, 'kind' | 'device' | 'host' | 'port' | 'codepageMapping'>;
type Local = Exclude<PrinterKind, 'network'>;

const WAYS: { kind: Local; label: string; api: string }[] = [
  { kind: 'usb', label: 'Connect a USB printer', api: 'WebUSB' },
  { kind: 'serial', label: 'Connect a serial printer', api: 'WebSerial' },
  { kind: 'bluetooth', label: 'Connect a Bluetooth printer', api: 'WebBluetooth' },
];

const loadChunk = () => import('./print-sale');

const optionsOf = (p: PrinterSettings | null): Options => {
  const { language, paper, currencyText, code, drawer, baudRate } = { ...PRINTER_DEFAULTS, ...p };
  return { language, paper, currencyText, code, drawer, baudRate };
};

export function PrinterScreen({ title }: ScreenProps) {
  const [printer, setPrinter] = useState<PrinterSettings | null>(loadPrinter);
  const [options, setOptions] = useState<Options>(() => optionsOf(printer));
  const [host, setHost] = useState(printer?.kind === 'network' ? (printer.host ?? '') : '');
  const [port, setPort] = useState(String(printer?.kind === 'network' ? (printer.port ?? DEFAULT_PORT) : DEFAULT_PORT));
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  // The drivers' chunk starts loading with the screen, so a click reaches the browser's chooser at once
  // (the chooser needs the click's user activation).
  const chunk = useRef<ReturnType<typeof loadChunk> | null>(null);
  const drivers = () => (chunk.current ??= loadChunk());
  useEffect(() => void drivers().catch(() => (chunk.current = null)), []);
  const support = browserSupport();
  const currencyError = currencyTextProblem(options.currencyText);

  const keep = (next: PrinterSettings | null, said: string) => {
    savePrinter(next);
    setPrinter(next);
    setError('');
    setStatus(said);
  };

  const change = (patch: Partial<Options>) => {
    const next = { ...options, ...patch };
    setOptions(next);
    setStatus('');
    if (printer && !currencyTextProblem(next.currencyText)) {
      const saved = { ...printer, ...next, currencyText: next.currencyText.trim() };
      savePrinter(saved);
      setPrinter(saved);
    }
  };

  const connect = async (kind: Local) => {
    if (currencyError) return setError(currencyError);
    setError('');
    setStatus('Choose the printer in the browser’s window…');
    try {
      const found = await (await drivers()).choosePrinter(kind, options.baudRate);
      const next: PrinterSettings = { ...options, currencyText: options.currencyText.trim(), kind, device: found.device, language: found.language ?? options.language, codepageMapping: found.codepageMapping };
      if (found.language) setOptions({ ...options, language: found.language });
      keep(next, `Connected: ${describePrinter(next)}. Sales from the quick sale now print on it.`);
    } catch (e) {
      setStatus('');
      setError(e instanceof Error && e.message ? e.message : 'No printer was connected.');
    }
  };

  const useNetwork = () => {
    const h = host.trim();
    const p = Number(port);
    if (currencyError) return setError(currencyError);
    if (!h) return setError('Type the printer’s address on the shop’s network, such as 192.168.1.50.');
    if (!Number.isInteger(p) || p < 1 || p > 65535) return setError('The port is a number from 1 to 65535 (usually 9100).');
    const next: PrinterSettings = { ...options, currencyText: options.currencyText.trim(), kind: 'network', host: h, port: p };
    keep(next, `Saved: ${describePrinter(next)}. Sales from the quick sale now print on it through the Oja server.`);
  };

  const testPrint = async () => {
    if (!printer) return;
    setError('');
    setStatus('Printing a test receipt…');
    try {
      await (await drivers()).printTestReceipt(printer);
      setStatus('Test receipt sent to the printer.');
    } catch (e) {
      setStatus('');
      setError(`The test receipt did not print${e instanceof Error && e.message ? `: ${e.message}` : '.'}`);
    }
  };

  return (
    <section className="screen printer-settings" data-testid="printer-settings">
      <h1>{title}</h1>
      <p data-testid="printer-current">
        {printer ? `This device prints receipts on: ${describePrinter(printer)}.` : 'No receipt printer on this device: receipts print with the browser’s Print.'}
      </p>
      <p className="muted">This choice belongs to this device only: other tills of the business keep their own.</p>
      <ErrorAlert message={error} />
      {status && (
        <p role="status" data-testid="printer-status">
          {status}
        </p>
      )}
      <h2>Connect</h2>
      <div className="actions">
        {WAYS.map((w) => (
          <button key={w.kind} type="button" className="btn" disabled={!support[w.kind]} title={support[w.kind] ? undefined : `This browser has no ${w.api}: use Chrome or Edge on a computer.`} onClick={() => void connect(w.kind)}>
            {w.label}
          </button>
        ))}
      </div>
      <SelectField
        label="Serial printer speed (baud)" name="baudRate"
        value={String(options.baudRate ?? 9600)}
        onChange={(v) => change({ baudRate: Number(v) })}
        options={['9600', '19200', '38400', '57600', '115200'].map((v) => ({ value: v, label: v }))}
        hint="Before connecting a serial printer: its manual or self-test page says it (9600 for most)"
      />
      <h3>Network printer (on the shop’s network)</h3>
      <div className="printer-network">
        <TextField label="Printer address" name="host" value={host} onChange={setHost} hint="Its IP address on the shop’s network, e.g. 192.168.1.50" />
        <TextField label="Port" name="port" value={port} onChange={setPort} hint="9100 for most receipt printers" />
        <button type="button" className="btn" onClick={useNetwork}>
          Use network printer
        </button>
      </div>
      <h2>Receipt</h2>
      <SelectField label="Paper width" name="paper" value={String(options.paper)} onChange={(v) => change({ paper: v === '58' ? 58 : 80 })} options={[{ value: '80', label: '80 mm' }, { value: '58', label: '58 mm' }]} />
      <SelectField label="Printer language" name="language" value={options.language} onChange={(v) => change({ language: v === 'star-prnt' ? 'star-prnt' : 'esc-pos' })} options={[{ value: 'esc-pos', label: 'ESC/POS (Epson, Xprinter and most others)' }, { value: 'star-prnt', label: 'StarPRNT (Star)' }]} />
      <TextField label="Currency text" name="currencyText" value={options.currencyText} onChange={(v) => change({ currencyText: v })} error={currencyError} hint="Printed before amounts, as printers have no ₦: N or NGN" />
      <SelectField label="Invoice number as" name="code" value={options.code} onChange={(v) => change({ code: v === 'barcode' ? 'barcode' : 'qr' })} options={[{ value: 'qr', label: 'QR code' }, { value: 'barcode', label: 'Barcode (Code 128)' }]} />
      <CheckboxField label="Open the cash drawer on cash sales" name="drawer" checked={options.drawer} onChange={(v) => change({ drawer: v })} />
      {printer && (
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={() => void testPrint()}>
            Print a test receipt
          </button>
          <button type="button" className="btn" onClick={() => keep(null, 'This device no longer prints on a receipt printer.')}>
            Forget this printer
          </button>
        </div>
      )}
    </section>
  );
}
