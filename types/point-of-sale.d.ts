// The @point-of-sale printer drivers ship no type declarations; src/printer/drivers.ts narrows them to what it uses.
declare module '@point-of-sale/webusb-receipt-printer' {
  const Driver: new (options?: object) => unknown;
  export default Driver;
}
declare module '@point-of-sale/webserial-receipt-printer' {
  const Driver: new (options?: { baudRate?: number }) => unknown;
  export default Driver;
}
declare module '@point-of-sale/webbluetooth-receipt-printer' {
  const Driver: new (options?: object) => unknown;
  export default Driver;
}
