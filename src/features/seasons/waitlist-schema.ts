/**
 * get_waitlist's answer, checked with zod: in a module of its own so that a page reading a waitlist with a plain
 * request (the tournament list's full pods) does not load supabase-js with waitlist.api.ts.
 */
import * as z from 'zod/mini';
import type { Waitlist } from './waitlist';

export const WaitlistSchema = z.object({
  takes_joins: z.boolean(),
  capacity: z.int(),
  waiting: z.int(),
  closes_at: z.string(),
  check_in_opens_at: z.string(),
  check_in_open: z.boolean(),
  entry_fee_paise: z.int(),
  in_tournament: z.boolean(),
  mine: z.nullable(
    z.object({
      position: z.nullable(z.int()),
      status: z.enum(['waiting', 'promoted', 'refunded', 'released']),
      checked_in_at: z.nullable(z.string()),
      paid: z.boolean(),
      left: z.boolean(),
    }),
  ),
}) satisfies z.ZodMiniType<Waitlist>;
