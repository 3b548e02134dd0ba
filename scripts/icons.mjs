// Draws Oja's app icons (public/icons/*.png) with no dependency: a blue square with a white ring, the letter O
// of the favicon. `node scripts/icons.mjs` rewrites them; the PNGs are committed, so a build never needs this.
//   icon-192.png, icon-512.png            purpose "any": rounded corners, transparent outside them
//   icon-maskable-512.png                 purpose "maskable": full bleed, the ring inside the 80 % safe circle
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x1a, 0x73, 0xe8];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** RGBA pixels → PNG (8-bit, colour type 6, no filter). */
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) raw.set(pixel(x + 0.5, y + 0.5), y * (size * 4 + 1) + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const clamp = (v) => Math.max(0, Math.min(1, v));

/** The ring (outer and inner radius as fractions of the size) over blue; `corner` rounds the square (0: full bleed). */
function icon(size, { outer, inner, corner }) {
  const c = size / 2;
  const r = corner * size;
  return png(size, (x, y) => {
    // Coverage of the rounded square (one pixel of antialiasing at its edge).
    const dx = Math.max(0, Math.abs(x - c) - (c - r));
    const dy = Math.max(0, Math.abs(y - c) - (c - r));
    const square = r ? clamp(r - Math.hypot(dx, dy) + 0.5) : 1;
    const d = Math.hypot(x - c, y - c);
    const ring = clamp(outer * size - d + 0.5) * clamp(d - inner * size + 0.5);
    const rgb = BLUE.map((b, i) => Math.round(b + (WHITE[i] - b) * ring));
    return [...rgb, Math.round(255 * square)];
  });
}

const out = new URL('../public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', out), icon(192, { outer: 0.3, inner: 0.19, corner: 0.19 }));
writeFileSync(new URL('icon-512.png', out), icon(512, { outer: 0.3, inner: 0.19, corner: 0.19 }));
// Maskable: a platform may cut it to a circle of 40 % radius; the ring stays well inside.
writeFileSync(new URL('icon-maskable-512.png', out), icon(512, { outer: 0.24, inner: 0.15, corner: 0 }));
console.log('wrote public/icons/icon-192.png, icon-512.png, icon-maskable-512.png');
