/**
 * Areas call downward: the shared helpers (settings, the audit log, the staff gate, notifications, money
 * in words) live in foundation, and an area that needs another's function builds on it, never the other
 * way round as well. The graph is read from the area files (scripts/schema/call-graph.ts).
 */
import { describe, expect, it } from 'vitest';
import { areaCallGraph } from '../../scripts/schema/call-graph.ts';

const file = (area: string, sql: string) => ({ area, file: `${area}.sql`, sql });

describe('the areas of supabase/schemas', () => {
  it('call each other one way only', () => {
    expect(
      areaCallGraph().bothWays,
      'These areas call each other both ways: move the function both need down (to foundation, or to the area both ' +
        'build on), file the trigger with the area that reacts, or let the higher area answer a hook (private.area_hooks)',
    ).toEqual([]);
  });

  it('keep the entry, the waitlist and the money in order: brackets above payments above tournaments', () => {
    const { calls } = areaCallGraph();
    // Entries and the waitlist refuse and refund through payments; the payment confirmation reaches the waitlist
    // only through the hooks brackets registers, and the entries follow a registration by brackets' own trigger.
    expect(calls.get('brackets')?.has('payments')).toBe(true);
    expect(calls.get('payments')?.has('brackets')).toBeFalsy();
    // A payment reads the tournament's status and check-in window; a cancelled tournament's refunds are payments'.
    expect(calls.get('payments')?.has('tournaments')).toBe(true);
    expect(calls.get('tournaments')?.has('payments')).toBeFalsy();
  });

  it('find the shared helpers in foundation, called from the areas above it', () => {
    const { calls } = areaCallGraph();
    for (const helper of ['private.setting', 'private.audit', 'private.require_staff', 'private.notify_message']) {
      expect([...(calls.get('payouts')?.get('foundation') ?? [])]).toContain(helper);
    }
    // A player's age and consent are asked by every area, profile included: they sit below all of them.
    // (Seasons asks it for a whole list of players at once, on a day worked out once: private.profile_age_on.)
    for (const area of ['matches', 'payments', 'notifications'])
      expect([...(calls.get(area)?.get('foundation') ?? [])], area).toContain('private.profile_age');
    expect([...(calls.get('seasons')?.get('foundation') ?? [])]).toContain('private.profile_age_on');
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
