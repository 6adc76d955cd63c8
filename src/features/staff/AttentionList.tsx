/** "Needs attention": what is due across the tournaments staff look after, each with a way to open it. */
import type { Load } from '@/lib/load-state';
import { formatDateTimeIST } from '@/lib/format';
import { attentionLabel } from './staff';
import type { AttentionItem } from './staff.schemas';

export default function AttentionList({ attention, onOpen }: { attention: Load<AttentionItem[]>; onOpen: (tournamentId: string) => void }) {
  return (
    <section aria-labelledby="attention-heading">
      <h2 id="attention-heading" className="section-title text-3xl">
        Needs attention
      </h2>
      {attention.status === 'loading' && <p className="mt-3 text-mist">Loading…</p>}
      {attention.status === 'error' && <p className="mt-3 font-semibold text-danger">{attention.message}</p>}
      {attention.status === 'ready' &&
        (attention.value.length === 0 ? (
          <p className="mt-3 text-mist">Nothing needs you right now.</p>
        ) : (
          <ul role="list" className="mt-4 grid gap-3 md:grid-cols-2">
            {attention.value.map((item) => (
              <li key={`${item.kind}-${item.tournament_id}`} className="card flex items-start justify-between gap-3 border-gold/40 p-4">
                <div className="min-w-0">
                  <p className="text-xs font-bold tracking-wider text-gold uppercase">{attentionLabel(item.kind)}</p>
                  <p className="mt-1 font-bold break-words">{item.title}</p>
                  {item.detail && <p className="text-sm text-mist">{item.detail}</p>}
                  {item.due_at && <p className="text-sm text-mist">Due {formatDateTimeIST(item.due_at)}</p>}
                </div>
                <button
                  type="button"
                  className="btn btn-ghost min-h-9 shrink-0 px-3 py-1 text-sm"
                  onClick={() => onOpen(item.tournament_id)}
                >
                  Open<span className="sr-only"> {item.title}</span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
