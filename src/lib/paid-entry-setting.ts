/**
 * PUBLIC_PAID_ENTRY on its own, for the pay panel: importing the settings module there would ship zod and
 * every other setting to each tournament page. settings.ts exposes the same value as `paidEntryEnabled`.
 */
export function paidEntryOfferedBy(value: string | undefined): boolean {
  return value?.trim() !== 'false';
}

export const PAID_ENTRY_OFFERED = paidEntryOfferedBy(import.meta.env.PUBLIC_PAID_ENTRY as string | undefined);
