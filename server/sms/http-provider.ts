/**
 * An SMS gateway's HTTP API, configured from the environment, enough for the common JSON APIs:
 *   SMS_HTTP_URL     where to send (required); {{to}}, {{from}}, {{text}}, {{id}} in it are URL-encoded, for
 *                    gateways that take the message in the query string
 *   SMS_HTTP_METHOD  default POST; with GET no body is sent
 *   SMS_HTTP_AUTH    one header line, e.g. 'Authorization: Bearer abc' or 'X-API-Key: abc'
 *   SMS_HTTP_BODY    the body with {{to}}, {{from}}, {{text}} and {{id}} replaced (JSON-escaped, no quotes added);
 *                    default {"to":"{{to}}","from":"{{from}}","sms":"{{text}}","reference":"{{id}}"}
 *   SMS_HTTP_ID_PATH dotted path of the provider's message id in the JSON answer (default 'message_id')
 * A 2xx answer is sent; 408, 429, 5xx and network errors are temporary (tried again); other answers are final.
 * The message id goes with every attempt, so a gateway that de-duplicates by reference never sends twice.
 */
import type { OutgoingSms, SendResult, SmsProvider } from './types';

export type HttpGatewayConfig = { url: string; method: string; auth: string; body: string; idPath: string; timeoutMs: number };

export const DEFAULT_HTTP_BODY = '{"to":"{{to}}","from":"{{from}}","sms":"{{text}}","reference":"{{id}}"}';

/** JSON string content without the surrounding quotes. */
const escape = (s: string) => JSON.stringify(s).slice(1, -1);

function fill(template: string, sms: OutgoingSms, encode: (s: string) => string): string {
  const values: Record<string, string> = { to: sms.recipient, from: sms.sender, text: sms.message, id: sms.id };
  return template.replace(/\{\{(to|from|text|id)\}\}/g, (_m, key: string) => encode(values[key]));
}

export const fillBody = (template: string, sms: OutgoingSms) => fill(template, sms, escape);
export const fillUrl = (template: string, sms: OutgoingSms) => fill(template, sms, encodeURIComponent);

function readPath(body: unknown, path: string): unknown {
  let v = body;
  for (const part of path.split('.').filter(Boolean)) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

export function httpProvider(config: HttpGatewayConfig): SmsProvider {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const colon = config.auth.indexOf(':');
  if (colon > 0) headers[config.auth.slice(0, colon).trim()] = config.auth.slice(colon + 1).trim();
  return {
    name: 'http',
    async send(sms): Promise<SendResult> {
      let res: Response;
      try {
        const bodyless = config.method === 'GET' || config.method === 'HEAD';
        res = await fetch(fillUrl(config.url, sms), {
          method: config.method,
          headers,
          body: bodyless ? undefined : fillBody(config.body, sms),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (e) {
        return { ok: false, temporary: true, reason: `gateway unreachable: ${e instanceof Error ? e.message : String(e)}` };
      }
      const text = await res.text().catch(() => '');
      if (res.ok) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        const id = readPath(parsed, config.idPath);
        return { ok: true, providerId: id === undefined || id === null ? `http-${sms.id}` : String(id) };
      }
      const temporary = res.status === 408 || res.status === 429 || res.status >= 500;
      return { ok: false, temporary, reason: `gateway answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}` };
    },
  };
}
