/**
 * Which addresses the network-printer route may open a connection to: the shop's own LAN only, so a member
 * cannot use the Oja server to reach the internet or the server's own machine. RFC 1918 private IPv4
 * (10/8, 172.16/12, 192.168/16), IPv4 given in IPv6 form (::ffff:192.168.1.5) judged as IPv4; loopback (127/8,
 * ::1) only when the tests allow it (PRINTER_ALLOW_LOOPBACK). Link-local addresses (169.254/16, fe80::/10) are
 * not a printer's (a printer without DHCP is given a private address): 169.254.169.254 is the cloud
 * metadata service, which the route reached when asked (issue 37, finding 9).
 */
import { isIP } from 'node:net';

function ipv4(address: string): number[] | null {
  const parts = address.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const n = parts.map(Number);
  return n.every((x) => x <= 255) ? n : null;
}

function lanIpv4([a, b]: number[], loopback: boolean): boolean {
  if (a === 10) return true;
  if (a === 172 && b >= 16 && b <= 31) return true;
  if (a === 192 && b === 168) return true;
  return loopback && a === 127;
}

/** True when `address` (an IP literal) is on the shop's LAN as above. */
export function isLanAddress(address: string, { loopback = false } = {}): boolean {
  const kind = isIP(address);
  if (kind === 4) {
    const n = ipv4(address);
    return !!n && lanIpv4(n, loopback);
  }
  if (kind !== 6) return false;
  const lower = address.toLowerCase().replace(/%.*$/, '');
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) {
    const n = ipv4(mapped[1]);
    return !!n && lanIpv4(n, loopback);
  }
  return loopback && (lower === '::1' || lower === '0:0:0:0:0:0:0:1');
}
