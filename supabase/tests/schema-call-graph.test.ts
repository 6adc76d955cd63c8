/**
 * Areas call downward: the shared helpers (settings, the audit log, the staff gate, notifications, money
 * in words) live in foundation, and an area that needs another's function builds on it, never the other
 * way round as well. The graph is read from the area files (scripts/schema/call-graph.ts).
 */
import { describe, expect, it } from 'vitest';
import { areaCallGraph } from '../../scripts/schema/call-graph.ts';

/**
 * The pairs that still call each other both ways, each with what keeps it. The list may only shrink: a new
 * pair fails, and so does a pair untangled but left here.
 */
const STILL_BOTH_WAYS = [
  // The payment confirmation makes the entry or the waitlist place (entries_follow_registration,
  // take_waitlist_place); entries and the waitlist refuse and refund through payments.
  'brackets <-> payments',
  // Cancelling a tournament refunds its payments; a payment reads the tournament's status and check-in window.
  'payments <-> tournaments',
];

const file = (area: string, sql: string) => ({ area, file: `${area}.sql`, sql });

describe('the areas of supabase/schemas', () => {
  it('call each other one way only, apart from the pairs being untangled', () => {
    const { bothWays } = areaCallGraph();
    expect(
      bothWays.filter((pair) => !STILL_BOTH_WAYS.includes(pair)),
      'These areas now call each other both ways: move the function both need down (to foundation, or to the area both build on)',
    ).toEqual([]);
    expect(
      STILL_BOTH_WAYS.filter((pair) => !bothWays.includes(pair)),
      'Untangled: take these pairs off STILL_BOTH_WAYS',
    ).toEqual([]);
  });

  it('find the shared helpers in foundation, called from the areas above it', () => {
    const { calls } = areaCallGraph();
    for (const helper of ['private.setting', 'private.audit', 'private.require_staff', 'private.notify_message']) {
      expect([...(calls.get('payouts')?.get('foundation') ?? [])]).toContain(helper);
    }
    // A player's age and consent are asked by every area, profile included: they sit below all of them.
    for (const area of ['matches', 'payments', 'seasons', 'notifications'])
      expect([...(calls.get(area)?.get('foundation') ?? [])], area).toContain('private.profile_age');
    // The bottom calls no area at all (the outbox reaches areas only through the functions they register).
    expect([...(calls.get('foundation')?.keys() ?? [])]).toEqual([]);
  });

  it('name a pair that calls both ways, and only calls count', () => {
    const { calls, bothWays } = areaCallGraph([
      file('a', 'CREATE OR REPLACE FUNCTION private.f()\n RETURNS int\nAS $function$ select private.g() $function$;'),
      file(
        'b',
        'CREATE OR REPLACE FUNCTION private.g()\n RETURNS int\nAS $function$\n  -- private.h() in words is no call\n  select private.f()\n$function$;',
      ),
      file(
        'c',
        "CREATE OR REPLACE FUNCTION private.h()\n RETURNS int\nAS $function$ select 1 $function$;\nrevoke all on function private.f() from public;\ncomment on function private.h() is 'Like private.g().';",
      ),
    ]);
    expect(bothWays).toEqual(['a <-> b']);
    expect([...calls.keys()].sort()).toEqual(['a', 'b']);
  });
});
