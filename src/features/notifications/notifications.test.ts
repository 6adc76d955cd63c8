import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { hindiWordsReady } from '@/lib/i18n/island-words';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '@/lib/notification-kinds';
import { BELL_WORDS } from './bell-words';
import { timeAgo, unreadBadge } from './notifications';

beforeAll(() => hindiWordsReady());

describe('notifications', () => {
  it('knows exactly the kinds the database writes', async () => {
    // The database as its area file declares it (supabase/tests/schema-declared.test.ts keeps the file and the migrations equal).
    const schema = await readFile(new URL('../../../supabase/schemas/notifications.sql', import.meta.url), 'utf8');
    const check = /constraint notifications_kind_known CHECK (.*)$/m.exec(schema)?.[1] ?? '';
    // Either ARRAY['a'::text, ...] or '{a,b}'::text[], as the dump prints the list.
    const kinds = check.includes("'{")
      ? (/'\{([^}]*)\}'/.exec(check)?.[1] ?? '').split(',')
      : [...check.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]);
    expect(kinds).toEqual([...NOTIFICATION_KINDS]);
    expect(Object.keys(NOTIFICATION_KIND_LABELS).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it('says how long ago in words', () => {
    const now = new Date('2027-05-12T10:00:00Z');
    expect(timeAgo('2027-05-12T09:59:30Z', now)).toBe('just now');
    expect(timeAgo('2027-05-12T09:55:00Z', now)).toBe('5 min ago');
    expect(timeAgo('2027-05-12T07:00:00Z', now)).toBe('3 h ago');
    expect(timeAgo('2027-05-11T10:00:00Z', now)).toBe('1 day ago');
    expect(timeAgo('2027-05-09T10:00:00Z', now)).toBe('3 days ago');
    // A clock a little ahead of the server never says "in the future".
    expect(timeAgo('2027-05-12T10:00:05Z', now)).toBe('just now');
  });

  it('says how long ago in Hindi on a Hindi page, with the same numbers', () => {
    const now = new Date('2027-05-12T10:00:00Z');
    const hi = BELL_WORDS.hi.ago;
    expect(timeAgo('2027-05-12T09:59:30Z', now, hi)).toBe('अभी-अभी');
    expect(timeAgo('2027-05-12T09:55:00Z', now, hi)).toBe('5 मिनट पहले');
    expect(timeAgo('2027-05-12T07:00:00Z', now, hi)).toBe('3 घंटे पहले');
    expect(timeAgo('2027-05-11T10:00:00Z', now, hi)).toBe('1 दिन पहले');
    expect(BELL_WORDS.hi.label(4)).toBe('नोटिफ़िकेशन, 4 बिना पढ़े');
    expect(Object.keys(BELL_WORDS.hi).sort()).toEqual(Object.keys(BELL_WORDS.en).sort());
  });

  it('keeps the badge small and the label spoken', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(3)).toBe('3');
    expect(unreadBadge(12)).toBe('9+');
    expect(BELL_WORDS.en.label(0)).toBe('Notifications');
    expect(BELL_WORDS.en.label(4)).toBe('Notifications, 4 unread');
  });
});
