/**
 * A serial port that is a recorder: the page's navigator.serial replaced (before any script of the page runs)
 * by one whose single port keeps every byte written to it in window.__serialBytes. `plugged: false` is a till
 * whose printer was unplugged: the port the site was allowed before is not listed any more; `cancel: true` a
 * person who closes the chooser without picking a port.
 */
import type { Page } from 'puppeteer-core';

export const FAKE_VENDOR = 0x0416;
export const FAKE_PRODUCT = 0x5011;

export async function fakeSerialPort(page: Page, { plugged = true, cancel = false } = {}): Promise<void> {
  const install = (vendor: number, product: number, isPlugged: boolean, cancelled: boolean) => {
    const w = window as unknown as { __serialBytes: number[]; __serialOpened: unknown[] };
    w.__serialBytes = [];
    w.__serialOpened = [];
    const port = {
      readable: null as ReadableStream | null,
      writable: null as WritableStream | null,
      getInfo: () => ({ usbVendorId: vendor, usbProductId: product }),
      async open(options: unknown) {
        if (port.writable) throw new DOMException('The port is already open.', 'InvalidStateError');
        w.__serialOpened.push(options);
        port.writable = new WritableStream<Uint8Array>({
          write(chunk) {
            for (const b of chunk) w.__serialBytes.push(b);
          },
        });
      },
      async close() {
        port.writable = null;
      },
      addEventListener() {},
      removeEventListener() {},
    };
    const serial = {
      // The person closes the browser's chooser without picking: what Chromium answers then.
    requestPort: async () => {
      if (cancelled) throw new DOMException('No port selected by the user.', 'NotFoundError');
      return port;
    },
      getPorts: async () => (isPlugged ? [port] : []),
      addEventListener() {},
      removeEventListener() {},
    };
    Object.defineProperty(navigator, 'serial', { value: serial, configurable: true });
  };
  // Sent as source with a stand-in for tsx's __name helper, which the named methods above call.
  await page.evaluateOnNewDocument(`(() => { const __name = (f) => f; (${install})(${FAKE_VENDOR}, ${FAKE_PRODUCT}, ${plugged}, ${cancel}); })()`);
}

/** The bytes the page has written to the fake port. */
export const serialBytes = (page: Page) => page.evaluate(() => (window as unknown as { __serialBytes: number[] }).__serialBytes);

/** Waits until the port has had a cut (GS V): a whole receipt has arrived. */
export const waitForCut = (page: Page) =>
  page.waitForFunction(() => {
    const b = (window as unknown as { __serialBytes: number[] }).__serialBytes;
    for (let i = 0; i + 1 < b.length; i++) if (b[i] === 0x1d && b[i + 1] === 0x56) return true;
    return false;
  });
