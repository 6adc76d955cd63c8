/**
 * The e-mails to people without an account (an invitation to a bought place, a grievance's receipt) come from
 * the message catalog in the language of the page they were sent from (p_language), else English; a value the
 * sender typed is put in once and never read as a placeholder or a language.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  anon,
  completeProfile,
  createRegistration,
  createUser,
  engines,
  player,
  setDatabaseClock,
  startWithMovableClock,
  type TestDatabase,
  rpcOf,
} from './helpers.ts';

const START = new Date('2027-03-10T14:00:00Z');

describe.each(engines)('e-mails to people without an account on $name', (engine) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await startWithMovableClock(engine);
    await setDatabaseClock(db, new Date(START.getTime() - 3 * 3600_000).toISOString());
  });
  afterAll(async () => {
    await setDatabaseClock(db, null).catch(() => undefined);
    await db?.close();
  });
  const rpc = rpcOf(() => db);
  const mailTo = async (address: string) =>
    (
      await db.admin.query<{ subject: string; text: string }>(
        `select payload ->> 'subject' as subject, payload ->> 'text' as text from private.outbox
          where kind = 'email' and payload ->> 'to' = $1 order by id`,
        [address],
      )
    ).rows;

  /** A buyer of two places in a paid cup, the second one still without its player. */
  async function boughtPlace(title: string, inGameName: string) {
    const id = `mail-${randomUUID().slice(0, 8)}`;
    await db.admin.query(
      `insert into public.tournaments (id, title, series, format, entry_fee_paise, prize_pool_paise, max_players, filled_slots,
                                       is_live, starts_at)
       values ($1, $2, 'championship', 'Knockout', 15000, 100000, 64, 2, true, $3)`,
      [id, title, START.toISOString()],
    );
    const buyer = await createUser(db);
    await completeProfile(db, buyer.id);
    await db.admin.query('update public.profiles set in_game_name = $2 where id = $1', [buyer.id, inGameName]);
    await createRegistration(db, buyer.id, id, { slots: 2 });
    const { rows } = await db.admin.query<{ id: string }>(
      'select id from public.entries where tournament_id = $1 and player_id is null order by slot_number',
      [id],
    );
    return { buyer, entryId: rows[0]!.id };
  }

  it('invites in Hindi from a Hindi page: the rule, the IST close and the name the buyer chose, in Hindi grammar', async () => {
    const { buyer, entryId } = await boughtPlace('Golazo {opponent} Cup', 'Raju10');
    await rpc(player(buyer.id), 'public.invite_to_entry($1, $2, $3)', [entryId, 'dost@example.in', 'hi']);
    const [mail] = await mailTo('dost@example.in');
    expect(mail!.subject).toBe('Golazo {opponent} Cup खेलने के लिए आपको Golazo Arena पर न्योता मिला है');
    expect(mail!.text).toContain('Golazo Arena पर एक खिलाड़ी (इन-गेम नाम "Raju10") ने Golazo {opponent} Cup में आपके लिए एक जगह ख़रीदी है।');
    // A paid cup: the age and residence rule, and check-in's close (start - 60 min) in IST with Hindi names.
    expect(mail!.text).toContain('आपकी उम्र 18 साल या उससे ज़्यादा होनी चाहिए');
    expect(mail!.text).toContain('बुधवार, 10 मार्च, 6:30 pm IST');
    expect(mail!.text).not.toMatch(/\b(the|you|accept|player)\b/i);
  });

  it('invites in English from an English page, and from anything that is not a language it knows', async () => {
    const { buyer, entryId } = await boughtPlace('Plain Cup', 'Plain10');
    const invite = (email: string, language: string | null) =>
      rpc(player(buyer.id), 'public.invite_to_entry($1, $2, $3)', [entryId, email, language]);
    await invite('one@example.in', 'en');
    await invite('two@example.in', null);
    await invite('three@example.in', "hi'; select 1; --");
    for (const address of ['one@example.in', 'two@example.in', 'three@example.in']) {
      const [mail] = await mailTo(address);
      expect(mail!.subject).toBe('You are invited to play Plain Cup on Golazo Arena');
      expect(mail!.text).toMatch(/^A player on Golazo Arena \(in-game name "Plain10"\) bought a place in Plain Cup for you\./);
      expect(mail!.text).toContain('(10 Mar 18:30 IST)');
      expect(mail!.text).toContain(', and to be 18 or over and live in India.');
    }
    // The two-argument call still answers (a fourth e-mail for the place would pass its hourly limit).
    expect(await rpc(player(buyer.id), 'public.invite_to_entry($1, $2)', [entryId, null])).toMatchObject({
      entry_id: entryId,
    });
  });

  it("sends a visitor's grievance receipt in Hindi from a Hindi page, deadlines in IST with Hindi names, nothing they typed", async () => {
    await setDatabaseClock(db, '2027-02-01T06:30:00Z');
    const ticket = await rpc<{ ticket_id: string }>(anon, 'public.submit_grievance($1, $2, $3, $4)', [
      'Mera {ticket} data',
      'Meri purani e-mail abhi bhi profile par dikh rahi hai.',
      'shikayat@example.in',
      'hi',
    ]);
    const [mail] = await mailTo('shikayat@example.in');
    expect(mail!.subject).toBe(`शिकायत ${ticket.ticket_id} मिल गई`);
    expect(mail!.text).toContain(`टिकट: ${ticket.ticket_id}`);
    expect(mail!.text).toContain('हम बुधवार, 3 फ़रवरी, 12:00 pm IST तक इसकी पावती देंगे');
    expect(mail!.text).toContain('और बुधवार, 3 मार्च, 12:00 pm IST तक इसका समाधान करेंगे।');
    expect(mail!.text).toContain('अगर यह शिकायत आपने दर्ज नहीं की');
    expect(mail!.text).not.toContain('Mera');
  });

  it("words a player's own receipt in their profile's language when the page gives none, quoting their subject once", async () => {
    const user = await createUser(db);
    await db.admin.query(`update public.profiles set language = 'hi' where id = $1`, [user.id]);
    await db.admin.query('update auth.users set email_confirmed_at = now() where id = $1', [user.id]);
    const ticket = await rpc<{ ticket_id: string }>(player(user.id), 'public.submit_grievance($1, $2, $3)', [
      'Export {subject} missing',
      'The export has no payments in it at all.',
      null,
    ]);
    const [mail] = await mailTo(user.email);
    expect(mail!.subject).toBe(`शिकायत ${ticket.ticket_id} मिल गई`);
    expect(mail!.text).toMatch(/^हमें आपकी शिकायत "Export \{subject\} missing" मिल गई है।/);
    // The same player filing from an English page reads English, the deadlines with their year.
    const second = await rpc<{ ticket_id: string }>(player(user.id), 'public.submit_grievance($1, $2, $3, $4)', [
      'Second one',
      'Another thing about my data here.',
      null,
      'en',
    ]);
    const mails = await mailTo(user.email);
    expect(mails[1]!.subject).toBe(`Grievance ${second.ticket_id} received`);
    expect(mails[1]!.text).toMatch(/We acknowledge it by \d{2} \w{3} 2027, \d{2}:\d{2} IST/);
  });
});
