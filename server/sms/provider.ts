/**
 * SMS provider adapters: how a message leaves the server. One call per message; the answer says whether it
 * was accepted (with the provider's id) or not, and whether trying again later may help (temporary).
 *   log  (default) writes the message to the server log: nothing leaves the machine.
 *   http a gateway's HTTP API, configured from the environment (see server/sms/http-provider.ts, README).
 *   fake for tests: appends every attempt (with the sending process's pid) to a file; texts containing
 *        FAIL-TEMP fail temporarily, FAIL-PERM permanently, and HANG never answer (to kill the server mid-send).
 */
import { appendFileSync } from 'node:fs';
import { httpProvider, type HttpGatewayConfig } from './http-provider';
import type { SmsProvider } from './types';
import { logText } from '../log-text';

export type SmsProviderConfig = { name: string; http?: HttpGatewayConfig; fakeLog?: string };

const log: SmsProvider = {
  name: 'log',
  async send(sms) {
    console.log(`SMS ${logText(sms.id, 40)} from ${logText(sms.sender, 40)} to ${logText(sms.recipient, 40)}: ${logText(sms.message, 2000)}`);
    return { ok: true, providerId: `log-${sms.id}` };
  },
};

function fake(file: string | undefined): SmsProvider {
  return {
    name: 'fake',
    async send(sms) {
      if (file) appendFileSync(file, JSON.stringify({ ...sms, pid: process.pid }) + '\n');
      if (sms.message.includes('HANG')) return new Promise<never>(() => undefined);
      if (sms.message.includes('FAIL-TEMP')) return { ok: false, temporary: true, reason: 'gateway busy' };
      if (sms.message.includes('FAIL-PERM')) return { ok: false, temporary: false, reason: 'number rejected' };
      return { ok: true, providerId: `fake-${sms.id}` };
    },
  };
}

export function smsProvider(config: SmsProviderConfig): SmsProvider {
  if (config.name === 'log') return log;
  if (config.name === 'fake') return fake(config.fakeLog);
  if (config.name === 'http') {
    if (!config.http?.url) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return httpProvider(config.http);
  }
  throw new Error(`Unknown SMS_PROVIDER: ${config.name}`);
}
