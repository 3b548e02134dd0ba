/**
 * A USB receipt printer that is a recorder: the page's navigator.usb replaced (before any script of the page
 * runs) by one whose single device, a Zjiang POS58 by its ids (the WebUSB driver knows it: ESC/POS, its own
 * codepage table 'zjiang'), keeps every byte sent to its OUT endpoint in window.__usbBytes.
 */
import type { Page } from 'puppeteer-core';

export const USB_PRINTER = { vendorId: 1046, productId: 20497, productName: 'POS58 Printer', serialNumber: 'FAKE-0001' };

export async function fakeUsbPrinter(page: Page): Promise<void> {
  const install = (info: typeof USB_PRINTER) => {
    const w = window as unknown as { __usbBytes: number[] };
    w.__usbBytes = [];
    const device = {
      ...info,
      manufacturerName: 'Zjiang',
      opened: false,
      configuration: null as unknown,
      async open() {
        device.opened = true;
      },
      async close() {
        device.opened = false;
      },
      async selectConfiguration(value: number) {
        device.configuration = {
          configurationValue: value,
          interfaces: [{ interfaceNumber: 0, alternate: { endpoints: [{ direction: 'out', endpointNumber: 1 }, { direction: 'in', endpointNumber: 2 }] } }],
        };
      },
      async claimInterface() {},
      async reset() {},
      async transferOut(_endpoint: number, data: BufferSource) {
        const bytes = data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
        for (const b of bytes) w.__usbBytes.push(b);
        return { status: 'ok', bytesWritten: bytes.length };
      },
      transferIn: () => new Promise(() => {}),
    };
    const usb = { requestDevice: async () => device, getDevices: async () => [device], addEventListener() {}, removeEventListener() {} };
    Object.defineProperty(navigator, 'usb', { value: usb, configurable: true });
  };
  // Sent as source with a stand-in for tsx's __name helper, which the named methods above call.
  await page.evaluateOnNewDocument(`(() => { const __name = (f) => f; (${install})(${JSON.stringify(USB_PRINTER)}); })()`);
}

export const usbBytes = (page: Page) => page.evaluate(() => (window as unknown as { __usbBytes: number[] }).__usbBytes);
