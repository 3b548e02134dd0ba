/** The owner's choices when a customer would go past their credit limit (./credit-limit.ts). A leaf: commands/config.ts reads it. */
export type CreditMode = 'warn' | 'block' | 'approval';
export const CREDIT_MODES: readonly CreditMode[] = ['warn', 'block', 'approval'];
