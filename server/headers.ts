/**
 * Protective headers on every answer (the app, /api and /db). The app is one origin's own files: scripts only
 * from there (no inline script, no eval: the invoice header is rich text a user writes, and DOMPurify's
 * sanitising then has a second wall behind it), workers and the service worker from there, requests only to
 * there. Styles allow 'unsafe-inline' because the sanitised header keeps its style attributes (text-align) and
 * the editor and React set style attributes; a style cannot run code. Images may be data: and blob: URLs (item
 * pictures and invoice header images are data URLs). No page may frame the app (clickjacking), no answer is
 * sniffed into another type, and no address leaks in a Referer.
 */
import type express from 'express';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function protectiveHeaders(): express.RequestHandler {
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  };
}
