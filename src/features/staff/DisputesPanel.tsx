/**
 * The console's disputes: the queue of open disputes (nearest staff deadline first) and, for the one
 * opened, the dispute view: both reports with their screenshots (signed links to the private evidence
 * bucket), the reason and details, the deadline, and the three outcomes (set the result, order a replay,
 * disqualify), each with a note the players read.
 */
import { ResultFields, staffInputClass } from './ResultFields';
import { type SubmitEvent, useCallback, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { formatShortDateIST, formatTimeIST } from '@/lib/format';
import {
  deadlineLine,
  disputeReasonLabel,
  isOverdue,
  reportClaim,
  reportsAgree,
  resultProblem,
  roundName,
  sideName,
  type TypedResult,
  typedScore,
} from './disputes';
import type { MatchEvidence, MatchEvidenceReport, OpenDispute } from './staff.schemas';
import type { Load } from './tournament-panel-state';
import { reasonProblem } from './tournament-panel-state';

const api = () => import('./staff.api');
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const when = (iso: string) => `${formatShortDateIST(iso)}, ${formatTimeIST(iso)}`;
const DISPUTE_PARAM = 'dispute';

/** Ticks once a minute, so deadlines read "in 12 min" without a reload. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

export default function DisputesPanel({ onChanged }: { onChanged: () => void }) {
  const [queue, setQueue] = useState<Load<OpenDispute[]>>({ status: 'loading' });
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const now = useMinuteClock();

  const load = useCallback(async () => {
    try {
      setQueue({ status: 'ready', value: await (await api()).fetchOpenDisputes() });
    } catch (error) {
      setQueue({ status: 'error', message: messageOf(error) });
    }
  }, []);
  useEffect(() => {
    setOpenId(new URLSearchParams(window.location.search).get(DISPUTE_PARAM));
    void load();
  }, [load]);

  function open(matchId: string | null) {
    setOpenId(matchId);
    const url = new URL(window.location.href);
    if (matchId) url.searchParams.set(DISPUTE_PARAM, matchId);
    else url.searchParams.delete(DISPUTE_PARAM);
    window.history.replaceState(null, '', url);
    if (matchId) requestAnimationFrame(() => document.getElementById('dispute-view')?.scrollIntoView({ block: 'start' }));
  }

  const list = queue.status === 'ready' ? queue.value : [];
  const opened = list.find((dispute) => dispute.match_id === openId) ?? null;

  return (
    <section aria-labelledby="disputes-heading" data-disputes>
      <h2 id="disputes-heading" className="section-title text-3xl">
        Disputes
      </h2>
      <p role="status" className="mt-1 min-h-5 text-sm font-semibold text-lime" data-disputes-notice>
        {notice}
      </p>
      {queue.status === 'loading' && <p className="mt-2 text-mist">Loading…</p>}
      {queue.status === 'error' && <p className="mt-2 font-semibold text-danger">{queue.message}</p>}
      {queue.status === 'ready' && list.length === 0 && <p className="mt-2 text-mist">No open disputes.</p>}
      {list.length > 0 && (
        <ul role="list" className="mt-3 grid gap-3 md:grid-cols-2">
          {list.map((dispute) => {
            const overdue = isOverdue(dispute.deadline_at, now);
            return (
              <li
                key={dispute.dispute_id}
                className={`card flex items-start justify-between gap-3 p-4 ${overdue ? 'border-danger/60' : 'border-gold/40'}`}
                data-dispute-item={dispute.match_id}
              >
                <div className="min-w-0">
                  <p className="text-xs font-bold tracking-wider text-gold uppercase">
                    {disputeReasonLabel(dispute.reason)} · {roundName(dispute.round, dispute.rounds)}
                  </p>
                  <p className="mt-1 font-bold break-words">
                    {sideName(dispute.entries[0])} vs {sideName(dispute.entries[1])}
                  </p>
                  <p className="text-sm break-words text-mist">{dispute.title}</p>
                  <p className={`text-sm ${overdue ? 'font-semibold text-danger' : 'text-mist'}`} data-dispute-deadline>
                    {deadlineLine(dispute.deadline_at, now)}
                  </p>
                </div>
                <button
                  type="button"
                  className="btn btn-ghost min-h-9 shrink-0 px-3 py-1 text-sm"
                  aria-current={dispute.match_id === openId ? 'true' : undefined}
                  onClick={() => open(dispute.match_id)}
                >
                  Open<span className="sr-only"> the dispute {`${sideName(dispute.entries[0])} vs ${sideName(dispute.entries[1])}`}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div id="dispute-view" className="mt-5 scroll-mt-20">
        {opened && (
          <DisputeView
            key={opened.match_id}
            dispute={opened}
            now={now}
            onClose={() => open(null)}
            onSettled={(message) => {
              setNotice(message);
              open(null);
              void load();
              onChanged();
            }}
          />
        )}
      </div>
    </section>
  );
}

function ReportCard({ report, dispute, name }: { report: MatchEvidenceReport | null; dispute: OpenDispute; name: string }) {
  const [url, setUrl] = useState<Load<string | null>>({ status: 'loading' });
  useEffect(() => {
    if (!report) return;
    let cancelled = false;
    api()
      .then((calls) => calls.evidenceUrl(report.screenshot_path))
      .then((value) => !cancelled && setUrl({ status: 'ready', value }))
      .catch((error: unknown) => !cancelled && setUrl({ status: 'error', message: messageOf(error) }));
    return () => {
      cancelled = true;
    };
  }, [report]);

  return (
    <article className="rounded-2xl border border-line bg-night/50 p-4" data-dispute-report={name}>
      <h4 className="font-bold break-words">{name}’s report</h4>
      {!report ? (
        <p className="mt-2 text-sm text-mist">No report on file.</p>
      ) : (
        <>
          <p className="mt-1 font-display text-2xl" data-report-claim>
            {reportClaim(report, dispute.entries)}
          </p>
          <p className="text-xs text-mist">
            Score in bracket order ({sideName(dispute.entries[0])} first) · sent {when(report.reported_at)}
          </p>
          {url.status === 'loading' && <p className="mt-3 text-sm text-mist">Loading the screenshot…</p>}
          {url.status === 'error' && <p className="mt-3 text-sm text-danger">{url.message}</p>}
          {url.status === 'ready' && url.value === null && <p className="mt-3 text-sm text-danger">The screenshot could not be opened.</p>}
          {url.status === 'ready' && url.value && (
            <a href={url.value} target="_blank" rel="noopener noreferrer" className="mt-3 block" data-screenshot-link>
              <img
                src={url.value}
                alt={`Result screen sent by ${name}`}
                className="max-h-72 w-full rounded-xl border border-line bg-night object-contain"
                loading="lazy"
              />
              <span className="mt-1 block text-sm text-lime">
                Open full size<span className="sr-only"> (new tab)</span>
              </span>
            </a>
          )}
        </>
      )}
    </article>
  );
}

type Outcome = 'result' | 'replay' | 'disqualify';

function DisputeView({
  dispute,
  now,
  onClose,
  onSettled,
}: {
  dispute: OpenDispute;
  now: Date;
  onClose: () => void;
  onSettled: (notice: string) => void;
}) {
  const [evidence, setEvidence] = useState<Load<MatchEvidence>>({ status: 'loading' });
  const [outcome, setOutcome] = useState<Outcome>('result');
  const [result, setResult] = useState<TypedResult>({ winner: null, goalsA: '', goalsB: '' });
  const [disqualified, setDisqualified] = useState<0 | 1 | null>(null);
  const [note, setNote] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const [a, b] = dispute.entries;
  const names = [sideName(a), sideName(b)] as const;

  useEffect(() => {
    let cancelled = false;
    api()
      .then((calls) => calls.fetchMatchEvidence(dispute.match_id))
      .then((value) => !cancelled && setEvidence({ status: 'ready', value }))
      .catch((failure: unknown) => !cancelled && setEvidence({ status: 'error', message: messageOf(failure) }));
    return () => {
      cancelled = true;
    };
  }, [dispute.match_id]);

  const reports = evidence.status === 'ready' ? evidence.value.reports : [];
  const reportOf = (side: typeof a) => reports.find((report) => report.entry_id === side.entry_id) ?? null;
  const openedBy = dispute.entries.find((side) => side.entry_id === dispute.opened_by_entry_id);
  const noteProblem = attempted ? reasonProblem(note) : null;
  const outcomeProblem = !attempted
    ? null
    : outcome === 'result'
      ? resultProblem(result)
      : outcome === 'disqualify' && disqualified === null
        ? 'Choose the player to disqualify.'
        : null;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (reasonProblem(note)) return;
    if (outcome === 'result' && resultProblem(result)) return;
    if (outcome === 'disqualify' && disqualified === null) return;
    setBusy(true);
    setError(null);
    try {
      const calls = await api();
      const text = note.trim();
      const title = `${names[0]} vs ${names[1]}`;
      if (outcome === 'result' && result.winner !== null) {
        const winner = dispute.entries[result.winner];
        await calls.settleMatch(dispute.match_id, winner.entry_id ?? '', typedScore(result), text);
        const score = typedScore(result);
        onSettled(`${title}: ${names[result.winner]} goes through${score ? ` (${score[0]}–${score[1]})` : ''}.`);
      } else if (outcome === 'replay') {
        await calls.orderReplay(dispute.match_id, text);
        onSettled(`${title}: replay ordered. Both players are told the new time.`);
      } else if (disqualified !== null) {
        await calls.disqualify(dispute.match_id, dispute.entries[disqualified].entry_id ?? '', text);
        onSettled(`${title}: ${names[disqualified]} disqualified; ${names[disqualified === 0 ? 1 : 0]} goes through.`);
      }
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <article className="card grid gap-5 p-4 sm:p-6" aria-labelledby={`${id}-title`} data-dispute-view={dispute.match_id}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="eyebrow">
            Dispute · {roundName(dispute.round, dispute.rounds)} · match {dispute.position}
          </p>
          <h3 id={`${id}-title`} className="section-title mt-1 text-2xl break-words sm:text-3xl">
            {names[0]} vs {names[1]}
          </h3>
          <p className="text-sm break-words text-mist">{dispute.title}</p>
        </div>
        <Button tone="ghost" onClick={onClose} className="min-h-9 px-3 py-1 text-sm">
          Close
        </Button>
      </header>

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-mist">Reason</dt>
          <dd className="font-semibold" data-dispute-reason>
            {disputeReasonLabel(dispute.reason)}
            {openedBy ? ` · opened by ${sideName(openedBy)}` : ' · opened automatically'}
          </dd>
        </div>
        <div>
          <dt className="text-mist">Staff deadline</dt>
          <dd className={`font-semibold ${isOverdue(dispute.deadline_at, now) ? 'text-danger' : ''}`}>
            {deadlineLine(dispute.deadline_at, now)}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-mist">Details</dt>
          <dd className="break-words whitespace-pre-line" data-dispute-details>
            {dispute.details ?? 'No details given.'}
          </dd>
        </div>
      </dl>

      <section aria-labelledby={`${id}-reports`}>
        <h4 id={`${id}-reports`} className="text-lg font-bold">
          Reports
        </h4>
        {evidence.status === 'loading' && <p className="mt-2 text-mist">Loading the reports…</p>}
        {evidence.status === 'error' && <p className="mt-2 font-semibold text-danger">{evidence.message}</p>}
        {evidence.status === 'ready' && (
          <>
            {reports.length === 2 && reportsAgree(reports) && <p className="mt-1 text-sm text-mist">The two reports agree.</p>}
            <div className="mt-3 grid gap-3 md:grid-cols-2">
              <ReportCard report={reportOf(a)} dispute={dispute} name={names[0]} />
              <ReportCard report={reportOf(b)} dispute={dispute} name={names[1]} />
            </div>
          </>
        )}
      </section>

      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4" data-dispute-decision>
        <fieldset className="grid gap-2 sm:grid-cols-3">
          <legend className="mb-2 text-lg font-bold">Decision</legend>
          {(
            [
              ['result', 'Set the result'],
              ['replay', 'Order a replay'],
              ['disqualify', 'Disqualify a player'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-11 items-center gap-3 rounded-xl border border-line px-3 has-checked:border-lime">
              <input
                type="radio"
                name={`${id}-outcome`}
                value={value}
                checked={outcome === value}
                onChange={() => setOutcome(value)}
                className="size-4 accent-lime"
              />
              {label}
            </label>
          ))}
        </fieldset>

        {outcome === 'result' && <ResultFields id={id} legend="The result" names={names} result={result} onChange={setResult} />}
        {outcome === 'replay' && (
          <p className="rounded-2xl bg-night/50 p-4 text-sm text-mist">
            The reports are set aside and the match is played again, at least 10 minutes from now. Both players are told the new time.
          </p>
        )}
        {outcome === 'disqualify' && (
          <fieldset className="grid gap-2 rounded-2xl bg-night/50 p-4">
            <legend className="mb-2 font-semibold">Player to disqualify (the other goes through)</legend>
            <div className="flex flex-wrap gap-2">
              {names.map((name, side) => (
                <label key={name} className="flex min-h-11 items-center gap-2 rounded-xl border border-line px-3 has-checked:border-danger">
                  <input
                    type="radio"
                    name={`${id}-disqualify`}
                    checked={disqualified === side}
                    onChange={() => setDisqualified(side as 0 | 1)}
                    className="size-4 accent-danger"
                  />
                  <span className="break-all">{name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {outcomeProblem && (
          <p className="text-sm text-danger" data-outcome-problem>
            {outcomeProblem}
          </p>
        )}

        <label className="grid gap-2">
          <span className="font-semibold">Note to the players (shown publicly)</span>
          <textarea
            rows={3}
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            aria-invalid={noteProblem ? true : undefined}
            aria-describedby={noteProblem ? `${id}-note-problem` : undefined}
            className={staffInputClass}
          />
          {noteProblem && (
            <span id={`${id}-note-problem`} className="text-sm text-danger">
              {noteProblem}
            </span>
          )}
        </label>
        {error && (
          <p role="alert" className="rounded-xl bg-danger/10 p-3 font-semibold text-danger">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button
            type="submit"
            tone={outcome === 'disqualify' ? 'plain' : 'primary'}
            className={`whitespace-normal ${outcome === 'disqualify' ? 'bg-danger text-night hover:bg-danger/90' : ''}`}
            busy={busy}
            busyLabel="Working…"
          >
            {outcome === 'result' ? 'Set the result' : outcome === 'replay' ? 'Order the replay' : 'Disqualify'}
          </Button>
        </div>
      </form>
    </article>
  );
}
