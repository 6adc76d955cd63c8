/**
 * The header's "Staff" link shows from one flag on <html>: `data-staff="yes"`, next to `data-auth`.
 *
 * Public pages load no supabase-js, so they cannot ask the database. Instead, pages that do (any
 * signed-in screen, and the console itself) remember in localStorage which account was found to hold a
 * staff role; AuthNav's inline script sets the flag before the first paint when the stored session is
 * that account's. The database still decides every staff action: the flag only shows a link.
 */
export const STAFF_FLAG_ATTRIBUTE = 'data-staff';
export const STAFF_FLAG_STORAGE_KEY = 'golazo:staff';

/** How long a remembered answer is trusted before a signed-in screen asks again. */
export const STAFF_FLAG_MAX_AGE_MS = 10 * 60 * 1000;

export type StoredStaffFlag = { user: string; staff: boolean; checkedAt: number };

/** The remembered answer, if it is about this account and recent enough. */
export function freshStaffFlag(raw: string | null, userId: string, now = Date.now()): StoredStaffFlag | null {
  try {
    const flag = JSON.parse(raw ?? 'null') as Partial<StoredStaffFlag> | null;
    if (!flag || flag.user !== userId || typeof flag.staff !== 'boolean' || typeof flag.checkedAt !== 'number') return null;
    return now - flag.checkedAt < STAFF_FLAG_MAX_AGE_MS && flag.checkedAt <= now ? (flag as StoredStaffFlag) : null;
  } catch {
    return null;
  }
}

/** Remembers whether this account is staff and shows or hides the header link at once. */
export function markHeaderStaff(userId: string, staff: boolean, now = Date.now()): void {
  try {
    localStorage.setItem(STAFF_FLAG_STORAGE_KEY, JSON.stringify({ user: userId, staff, checkedAt: now } satisfies StoredStaffFlag));
  } catch {
    // Storage can be disabled: the link then only shows while the page knows.
  }
  if (typeof document !== 'undefined') document.documentElement.setAttribute(STAFF_FLAG_ATTRIBUTE, staff ? 'yes' : 'no');
}

/**
 * For signed-in screens: asks the database whether this account holds a staff role, unless it was asked
 * a few minutes ago. A failure leaves the header as it was (the link is a convenience).
 */
export async function refreshStaffFlag(userId: string): Promise<void> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STAFF_FLAG_STORAGE_KEY);
  } catch {
    // No storage: ask every time.
  }
  const fresh = freshStaffFlag(stored, userId);
  if (fresh) {
    document.documentElement.setAttribute(STAFF_FLAG_ATTRIBUTE, fresh.staff ? 'yes' : 'no');
    return;
  }
  try {
    // Only "any role at all" matters here, so the answer is not read through the staff console's schemas.
    const { getSupabase } = await import('./supabase');
    const { data, error } = await getSupabase().rpc('get_my_staff_roles');
    if (error) throw error;
    markHeaderStaff(userId, Array.isArray(data) && data.length > 0);
  } catch (error) {
    console.warn('Could not check staff roles for the header', error);
  }
}
