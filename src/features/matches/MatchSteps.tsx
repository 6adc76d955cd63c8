/**
 * The two players' steps of a match, in order: Room, Ready, Report (with Confirm or Dispute), and the
 * walkover and dispute states that replace them. Which step is active comes from matchSteps.ts; every
 * action calls matches.api.ts and shows a refusal in the error table's words, next to its button.
 */
import { type ReactNode, type SubmitEvent, useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { formatTimeIST } from '@/lib/format';
import type { PlayersView } from './MatchIsland';
import type { DisputeReason } from '@/lib/rules';
import { DISPUTE_REASONS, disputeReasonLabel, type MatchRoom } from './matches.api';
import { countdown, type MatchRow, type MatchSituation, reportBy, reportLine, wentThrough } from './matchSteps';

interface Props {
  match: MatchRow;
  situation: MatchSituation;
  now: number;
  userId: string;
  names: { me: string; opponent: string };
  /** The names shown for the match's entries a and b. */
  entryNames: { a: string; b: string };
  playersView: PlayersView;
  onChanged: () => void;
}

type StepMark = 'done' | 'now' | 'later';

const api = () => import('./matches.api');

/** Runs an action, keeping its busy state and its error text (the error table's words) for the button. */
function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError((await api()).messageOf(caught));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, setError };
}

type MatchesApi = Awaited<ReturnType<typeof api>>;

/**
 * One step's button: its error line, then a primary button that makes one call of the matches API and
 * reloads the match (`onChanged`); busy while the call runs, and the database's sentence if it refuses.
 */
function MatchActionButton({
  call,
  busyLabel,
  className = 'self-start',
  show = true,
  onChanged,
  children,
}: {
  call: (matches: MatchesApi) => Promise<unknown>;
  busyLabel: string;
  className?: string;
  show?: boolean;
  onChanged: () => void;
  children: ReactNode;
}) {
  const action = useAction();
  return (
    <>
      <ErrorText error={action.error} />
      {show && (
        <Button
          tone="primary"
          className={className}
          busy={action.busy}
          busyLabel={busyLabel}
          onClick={() =>
            void action.run(async () => {
              await call(await api());
              onChanged();
            })
          }
        >
          {children}
        </Button>
      )}
    </>
  );
}

export function MatchSteps({ match, situation, now, userId, names, entryNames, playersView, onChanged }: Props) {
  const s = situation;
  const opponentEntry = s.role === 'host' ? match.entry_b : match.entry_a;
  const opponentReport = reportBy(playersView.reports, opponentEntry);
  const dispute = playersView.dispute;
  // The database's claim time is the one that counts; the row's is the same moment.
  const contestUntil = playersView.walkover ? Date.parse(playersView.walkover.contest_until) : s.contestUntil;
  const reportStarted = ['confirm', 'awaiting_opponent_report', 'walkover', 'walkover_claimed', 'contest_walkover'].includes(s.active);
  const roomMark: StepMark = s.roomPosted ? 'done' : s.active === 'room' ? 'now' : s.role === 'guest' ? 'now' : 'later';
  const readyMark: StepMark = s.myReady ? 'done' : s.active === 'ready' ? 'now' : 'later';
  const reportMark: StepMark = s.active === 'awaiting_opponent_report' ? 'done' : s.active === 'report' || reportStarted ? 'now' : 'later';

  if (s.active === 'waiting_for_opponent') {
    return (
      <Notice title="Waiting for your opponent">
        Your opponent is decided by another match. This page updates as soon as they are known, with the match time.
      </Notice>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {s.active === 'disputed' && (
        <Notice title="In dispute: staff decide" tone="alert" data="disputed">
          {dispute && (
            <span className="mb-2 block" data-dispute-facts>
              Reason: <strong>{disputeReasonLabel(dispute.reason)}</strong>. Staff decide by{' '}
              <strong>
                {formatTimeIST(dispute.deadline_at)} ({countdown(Date.parse(dispute.deadline_at), now)})
              </strong>
              .
            </span>
          )}
          Staff look at both sides and the screenshots, then set the result, order a replay or disqualify. You will see their decision here.
          {!dispute && ' Staff answer within 15 minutes for pods and 60 minutes for championships.'}
        </Notice>
      )}
      {s.active === 'too_late' && (
        <Notice title="No result in time" tone="alert">
          The windows for Ready and the report have closed. Staff decide this match; you will see their decision here.
        </Notice>
      )}
      {s.active === 'contest_walkover' && <ContestWalkover match={match} contestUntil={contestUntil} now={now} onChanged={onChanged} />}
      {s.active === 'walkover_claimed' && (
        <Notice title="Walkover claimed" data="walkover-claimed">
          {names.opponent} has until{' '}
          {contestUntil ? `${formatTimeIST(new Date(contestUntil))} (${countdown(contestUntil, now)})` : 'a few minutes'} to contest it. If
          they do not, you go through.
        </Notice>
      )}
      {s.active === 'walkover' && <ClaimWalkover match={match} opponent={names.opponent} onChanged={onChanged} />}

      <ol className="flex flex-col gap-3" aria-label="Your steps">
        <Step number={1} title="Room" mark={roomMark} data="room">
          {s.role === 'host' ? (
            <HostRoom match={match} situation={s} onChanged={onChanged} />
          ) : (
            <GuestRoom match={match} host={names.opponent} />
          )}
        </Step>

        <Step number={2} title="Ready" mark={readyMark} data="ready">
          <ReadyStep match={match} situation={s} now={now} opponent={names.opponent} onChanged={onChanged} />
        </Step>

        <Step number={3} title="Report the result" mark={reportMark} data="report">
          {s.active === 'awaiting_opponent_report' ? (
            <p data-report-sent>
              Your result is in. {names.opponent} confirms it or reports too; if they do neither within 10 minutes it is confirmed
              automatically.
            </p>
          ) : (
            <>
              {s.canConfirm && (
                <ConfirmReport
                  match={match}
                  opponent={names.opponent}
                  reported={opponentReport ? reportLine(opponentReport, match, entryNames) : null}
                  screenshotUrl={playersView.opponentScreenshotUrl}
                  onChanged={onChanged}
                />
              )}
              {s.canReport ? (
                <ReportForm match={match} userId={userId} opponent={names.opponent} onChanged={onChanged} />
              ) : (
                !s.canConfirm && (
                  <p className="text-mist">
                    {now < s.readyOpensAt
                      ? `Reporting opens at ${formatTimeIST(new Date(s.readyOpensAt))}, 5 minutes before the match.`
                      : 'Reporting is closed for this match.'}
                  </p>
                )
              )}
            </>
          )}
        </Step>
      </ol>

      {s.canDispute && s.active !== 'contest_walkover' && <DisputeForm match={match} prominent={s.canConfirm} onChanged={onChanged} />}
    </div>
  );
}

function Step({
  number,
  title,
  mark,
  data,
  children,
}: {
  number: number;
  title: string;
  mark: StepMark;
  data: string;
  children: ReactNode;
}) {
  const look = mark === 'now' ? 'border-lime' : mark === 'done' ? 'border-line opacity-90' : 'border-line/60';
  return (
    <li
      className={`card border p-4 sm:p-5 ${look}`}
      data-step={data}
      data-step-mark={mark}
      aria-current={mark === 'now' ? 'step' : undefined}
    >
      <h2 className="flex items-center gap-3 text-lg font-bold">
        <span
          className={`grid size-7 shrink-0 place-items-center rounded-full text-sm ${
            mark === 'done' ? 'bg-lime text-night' : mark === 'now' ? 'border-2 border-lime text-lime' : 'border border-line text-mist'
          }`}
          aria-hidden="true"
        >
          {mark === 'done' ? '✓' : number}
        </span>
        {title}
        <span className="sr-only">{mark === 'done' ? '(done)' : mark === 'now' ? '(now)' : '(later)'}</span>
      </h2>
      <div className="mt-3 flex flex-col gap-3">{children}</div>
    </li>
  );
}

function Notice({ title, tone = 'info', data, children }: { title: string; tone?: 'info' | 'alert'; data?: string; children: ReactNode }) {
  return (
    <section className={`card border p-4 sm:p-5 ${tone === 'alert' ? 'border-gold/80' : 'border-lime/60'}`} data-notice={data}>
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="mt-1 text-mist">{children}</div>
    </section>
  );
}

function ErrorText({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p className="text-sm font-semibold text-danger" role="alert">
      {error}
    </p>
  );
}

const inputClass = 'min-h-12 w-full rounded-xl border border-line bg-night px-4 text-base text-chalk focus:border-lime';

// ----------------------------------------------------------------------------------------------------
// Room
// ----------------------------------------------------------------------------------------------------
function HostRoom({ match, situation, onChanged }: { match: MatchRow; situation: MatchSituation; onChanged: () => void }) {
  const [roomId, setRoomId] = useState('');
  const [password, setPassword] = useState('');
  const [editing, setEditing] = useState(false);
  const action = useAction();
  const posted = situation.roomPosted && !editing;

  if (posted) {
    return (
      <>
        <p data-room-posted>
          Room posted at {formatTimeIST(match.room_posted_at ?? match.scheduled_at)}. Your opponent sees it here; wait for them in the room.
        </p>
        {situation.canPostRoom && (
          <Button tone="ghost" className="self-start" onClick={() => setEditing(true)}>
            Change the room
          </Button>
        )}
      </>
    );
  }
  if (!situation.canPostRoom) return <p className="text-mist">The room can no longer be posted for this match.</p>;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await (await api()).postRoom(match.id, roomId, password);
      setEditing(false);
      onChanged();
    });
  };
  return (
    <form className="flex flex-col gap-3" onSubmit={submit} data-room-form>
      <p className="text-mist">You host: create a friend-match room in eFootball, then post its id and password here for your opponent.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          Room id
          <input
            className={inputClass}
            value={roomId}
            onChange={(event) => setRoomId(event.target.value)}
            required
            minLength={3}
            maxLength={32}
            pattern="[A-Za-z0-9\-]{3,32}"
            autoCapitalize="characters"
            autoComplete="off"
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          Room password
          <input
            className={inputClass}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
            maxLength={32}
            autoComplete="off"
          />
        </label>
      </div>
      <p className="text-xs text-mist">Room ids are 3 to 32 letters, digits or dashes. Only your opponent and staff can read them.</p>
      <ErrorText error={action.error} />
      <Button tone="primary" type="submit" className="self-start" busy={action.busy} busyLabel="Posting the room">
        Post the room
      </Button>
    </form>
  );
}

function GuestRoom({ match, host }: { match: MatchRow; host: string }) {
  const [room, setRoom] = useState<MatchRoom | null>(null);
  const [error, setError] = useState<string | null>(null);
  const postedAt = match.room_posted_at;

  useEffect(() => {
    if (!postedAt) return;
    let cancelled = false;
    api()
      .then(async (matches) => {
        try {
          const found = await matches.fetchRoom(match.id);
          if (!cancelled) setRoom(found);
        } catch (caught) {
          if (!cancelled) setError(matches.messageOf(caught));
        }
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [match.id, postedAt]);

  if (!postedAt) return <p className="text-mist">{host} hosts and posts the room here. This page shows it as soon as it is posted.</p>;
  if (error) return <ErrorText error={`The room could not be loaded: ${error}`} />;
  if (!room?.room_id) return <p className="text-mist">Loading the room…</p>;
  return (
    <>
      <p>Join {host}’s friend-match room in eFootball:</p>
      <dl className="grid gap-2 sm:grid-cols-2" data-room>
        <CopyField label="Room id" value={room.room_id} />
        <CopyField label="Password" value={room.password ?? ''} />
      </dl>
    </>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-night/70 p-3">
      <div className="min-w-0">
        <dt className="text-xs font-bold tracking-wider text-mist uppercase">{label}</dt>
        <dd className="truncate font-mono text-lg font-bold" data-room-value={label}>
          {value}
        </dd>
      </div>
      <Button tone="ghost" className="shrink-0" onClick={() => void copy()} aria-label={`Copy the ${label.toLowerCase()}`}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}

// ----------------------------------------------------------------------------------------------------
// Ready
// ----------------------------------------------------------------------------------------------------
function ReadyStep({
  match,
  situation: s,
  now,
  opponent,
  onChanged,
}: {
  match: MatchRow;
  situation: MatchSituation;
  now: number;
  opponent: string;
  onChanged: () => void;
}) {
  const opponentLine = (
    <p className="text-sm" data-opponent-ready={s.opponentReady ? 'yes' : 'no'}>
      {s.opponentReady ? `${opponent} is ready.` : `${opponent} is not ready yet.`}
    </p>
  );
  if (s.myReady) {
    return (
      <>
        <p data-ready-done>You are ready.</p>
        {opponentLine}
      </>
    );
  }
  return (
    <>
      <p className="text-mist">
        {now < s.readyOpensAt
          ? `Ready opens ${countdown(s.readyOpensAt, now)}, at ${formatTimeIST(new Date(s.readyOpensAt))} (5 minutes before the match).`
          : now <= s.readyClosesAt
            ? `Press Ready when you are in the room, by ${formatTimeIST(new Date(s.readyClosesAt))} (10 minutes after the match time).`
            : 'Ready has closed. A result you report still counts as ready.'}
      </p>
      {opponentLine}
      <MatchActionButton
        show={s.canReady}
        busyLabel="Telling your opponent"
        call={(matches) => matches.setReady(match.id)}
        onChanged={onChanged}
      >
        I’m ready
      </MatchActionButton>
    </>
  );
}

// ----------------------------------------------------------------------------------------------------
// Report, confirm, dispute
// ----------------------------------------------------------------------------------------------------
function ReportForm({ match, userId, opponent, onChanged }: { match: MatchRow; userId: string; opponent: string; onChanged: () => void }) {
  const [mine, setMine] = useState('');
  const [theirs, setTheirs] = useState('');
  const [shootOut, setShootOut] = useState<'me' | 'opponent' | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<'idle' | 'uploading' | 'sending'>('idle');
  const action = useAction();
  const myGoals = mine === '' ? null : Number(mine);
  const opponentGoals = theirs === '' ? null : Number(theirs);
  const level = myGoals !== null && opponentGoals !== null && myGoals === opponentGoals;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void action.run(async () => {
      if (myGoals === null || opponentGoals === null) throw new Error('Enter both scores.');
      const through = wentThrough(myGoals, opponentGoals, shootOut);
      if (!through) throw new Error('The score is level: say who won the shoot-out.');
      if (!file) throw new Error('Add a screenshot of the result screen.');
      const { resizeScreenshot, screenshotProblem } = await import('./resize-screenshot');
      const problem = screenshotProblem(file);
      if (problem) throw new Error(problem);
      const matches = await api();
      try {
        setStage('uploading');
        const picture = await resizeScreenshot(file);
        const path = await matches.uploadScreenshot(match.id, userId, picture);
        setStage('sending');
        await matches.reportMatch({ matchId: match.id, myGoals, opponentGoals, wentThrough: through, screenshotPath: path });
      } finally {
        setStage('idle');
      }
      onChanged();
    });
  };

  return (
    <form className="flex flex-col gap-3" onSubmit={submit} data-report-form>
      <div className="grid grid-cols-2 gap-3">
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          Your goals
          <input
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={0}
            max={99}
            required
            value={mine}
            onChange={(event) => setMine(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1.5 text-sm font-semibold">
          <span className="truncate">{opponent}’s goals</span>
          <input
            className={inputClass}
            type="number"
            inputMode="numeric"
            min={0}
            max={99}
            required
            value={theirs}
            onChange={(event) => setTheirs(event.target.value)}
            aria-label="Opponent's goals"
          />
        </label>
      </div>
      {level && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold">Level score: who went through (extra time or penalties)?</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="shoot-out" checked={shootOut === 'me'} onChange={() => setShootOut('me')} /> I did
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="shoot-out" checked={shootOut === 'opponent'} onChange={() => setShootOut('opponent')} /> {opponent}{' '}
            did
          </label>
        </fieldset>
      )}
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        Screenshot of the result screen
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="text-sm text-mist file:mr-3 file:rounded-full file:border-0 file:bg-pitch-700 file:px-4 file:py-2 file:font-bold file:text-chalk"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          required
        />
      </label>
      <p className="text-xs text-mist">Only {opponent} and staff can see it. Large pictures are made smaller before upload.</p>
      <ErrorText error={action.error} />
      <Button
        tone="primary"
        type="submit"
        className="self-start"
        busy={action.busy}
        busyLabel={stage === 'uploading' ? 'Uploading the screenshot' : 'Sending the result'}
      >
        Send the result
      </Button>
    </form>
  );
}

function ConfirmReport({
  match,
  opponent,
  reported,
  screenshotUrl,
  onChanged,
}: {
  match: MatchRow;
  opponent: string;
  /** "demo3 reported 2–1, demo3 through", once the report is read. */
  reported: string | null;
  screenshotUrl: string | null;
  onChanged: () => void;
}) {
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-lime/50 bg-lime/5 p-3" data-confirm>
      <p>
        <strong data-opponent-report>{reported ?? `${opponent} reported the result`}.</strong> Check their screenshot, then confirm it, or
        report your own score below if it differs (different reports go to staff). Without an answer it is confirmed 10 minutes after they
        reported.
      </p>
      {screenshotUrl && (
        <a href={screenshotUrl} target="_blank" rel="noopener noreferrer" className="block">
          <img src={screenshotUrl} alt={`${opponent}’s screenshot of the result screen`} className="max-h-64 w-auto rounded-xl" />
        </a>
      )}
      <MatchActionButton busyLabel="Confirming" call={(matches) => matches.confirmMatch(match.id)} onChanged={onChanged}>
        Confirm {opponent}’s result
      </MatchActionButton>
    </div>
  );
}

function DisputeForm({ match, prominent, onChanged }: { match: MatchRow; prominent: boolean; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<DisputeReason>('wrong_score');
  const [details, setDetails] = useState('');
  const action = useAction();
  if (!open) {
    return (
      <p className="text-sm text-mist">
        {prominent ? 'The reported result is wrong?' : 'Something went wrong in this match?'}{' '}
        <button type="button" className="font-semibold text-chalk underline hover:text-lime" onClick={() => setOpen(true)}>
          Open a dispute
        </button>
      </p>
    );
  }
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    void action.run(async () => {
      await (await api()).disputeMatch(match.id, reason, details);
      onChanged();
    });
  };
  return (
    <form className="card flex flex-col gap-3 border border-gold/70 p-4" onSubmit={submit} data-dispute-form>
      <h2 className="text-lg font-bold">Open a dispute</h2>
      <p className="text-sm text-mist">Staff look at both sides and the screenshots, and decide. You cannot report after opening one.</p>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        Reason
        <select className={inputClass} value={reason} onChange={(event) => setReason(event.target.value as DisputeReason)}>
          {DISPUTE_REASONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1.5 text-sm font-semibold">
        What happened
        <textarea
          className={`${inputClass} min-h-24 py-2`}
          maxLength={2000}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          placeholder="The score, the minute of a disconnection, anything staff should know."
        />
      </label>
      <ErrorText error={action.error} />
      <div className="flex flex-wrap gap-3">
        <Button tone="primary" type="submit" busy={action.busy} busyLabel="Opening the dispute">
          Send to staff
        </Button>
        <Button tone="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

// ----------------------------------------------------------------------------------------------------
// Walkovers
// ----------------------------------------------------------------------------------------------------
function ClaimWalkover({ match, opponent, onChanged }: { match: MatchRow; opponent: string; onChanged: () => void }) {
  return (
    <section className="card border border-lime p-4 sm:p-5" data-walkover>
      <h2 className="text-lg font-bold">{opponent} did not press Ready</h2>
      <p className="mt-1 text-mist">
        You were ready and it is more than 10 minutes past the match time: claim a walkover. {opponent} then has 5 minutes to contest it
        (staff decide); if they do not, you go through.
      </p>
      <MatchActionButton className="mt-3" busyLabel="Claiming" call={(matches) => matches.claimWalkover(match.id)} onChanged={onChanged}>
        Claim the walkover
      </MatchActionButton>
    </section>
  );
}

function ContestWalkover({
  match,
  contestUntil: until,
  now,
  onChanged,
}: {
  match: MatchRow;
  contestUntil: number | null;
  now: number;
  onChanged: () => void;
}) {
  return (
    <section className="card border border-gold p-4 sm:p-5" data-contest-walkover>
      <h2 className="text-lg font-bold">Your opponent claims a walkover</h2>
      <p className="mt-1 text-mist">
        They say you did not press Ready in time.{' '}
        {until && until > now
          ? `You can contest it until ${formatTimeIST(new Date(until))} (${countdown(until, now)}): staff then decide.`
          : 'The time to contest it has passed.'}
      </p>
      <MatchActionButton
        show={until !== null && until > now}
        className="mt-3"
        busyLabel="Contesting"
        call={(matches) => matches.disputeMatch(match.id, 'no_show', 'I contest the walkover: I was there.')}
        onChanged={onChanged}
      >
        Contest the walkover
      </MatchActionButton>
    </section>
  );
}
