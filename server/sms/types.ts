/** What a provider adapter is handed and answers (server/sms/provider.ts). */
export type OutgoingSms = { id: string; sender: string; recipient: string; message: string };
/** Accepted (with the provider's id), or not, and whether trying again later may help. */
export type SendResult = { ok: true; providerId: string } | { ok: false; temporary: boolean; reason: string };
export type SmsProvider = { name: string; send(sms: OutgoingSms): Promise<SendResult> };
