/**
 * PUBLIC_VAPID_PUBLIC_KEY on its own, for the alerts offered in the pay panel: importing the settings module
 * there would ship zod and every other setting to each tournament page. settings.ts validates the same value
 * (`vapidPublicKey`) at build time; empty, the site offers no push.
 */
export const VAPID_PUBLIC_KEY = ((import.meta.env.PUBLIC_VAPID_PUBLIC_KEY as string | undefined) ?? '').trim();
