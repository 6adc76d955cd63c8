/**
 * The landing page's strip of tournament cards. It drifts sideways at 0.5 px per frame and
 * loops seamlessly (the cards are rendered twice; the copy is hidden from assistive tech
 * and from the keyboard). It stops while the pointer is over it, while anything in it has
 * focus, while a finger is on it, while it is off screen, and never moves for players who
 * ask for reduced motion. It stays a normal scrollable list, so nothing is out of reach.
 */
import { useEffect, useRef } from 'react';
import type { CarouselCard } from './landing';
import RegisterButton from '@/features/payments/RegisterButton';
import StatusPill from '@/features/tournaments/StatusPill';
import { STATUS_LOOK, entriesLabel, pendingEntriesLabel, type TournamentStateWithId } from '@/features/tournaments/status';
import { useTournamentStates } from '@/features/tournaments/useTournamentStates';

type Props = {
  cards: CarouselCard[];
  pixelsPerFrame: number;
  /** Where the browser keeps a signed-in session, so Register Now can show 'Registered'. */
  sessionKey: string;
  className?: string;
};

function Card({ card, clone, sessionKey, state }: { card: CarouselCard; clone: boolean; sessionKey: string; state?: TournamentStateWithId }) {
  const status = state?.status ?? card.status;
  return (
    <li
      className="card flex w-72 shrink-0 flex-col p-5"
      data-tournament-card={clone ? undefined : card.id}
      aria-hidden={clone || undefined}
      inert={clone || undefined}
    >
      <div className="flex items-center justify-between gap-2 text-xs font-bold uppercase tracking-wider">
        <span className="rounded-full bg-pitch-800 px-2.5 py-1 text-lime">{card.format}</span>
        <StatusPill tournamentId={card.id} status={status} live={state !== undefined} />
      </div>
      <p className="mt-2 text-xs text-mist">{card.startsOn}</p>
      <h3 className="mt-4 font-display text-2xl leading-tight uppercase">
        <a href={`/tournaments/${card.id}`} className="hover:text-lime">
          {card.title}
        </a>
      </h3>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-xs text-mist">Entry</dt>
          <dd className="text-lg font-bold">{card.fee}</dd>
        </div>
        <div>
          <dt className="text-xs text-mist">Prize pool</dt>
          <dd className="text-lg font-bold text-gold">{card.prize}</dd>
        </div>
      </dl>
      <p className="mt-2 text-sm text-mist tabular-nums" data-entries-of-island={clone ? undefined : card.id}>
        {state ? entriesLabel(state.entries, state.capacity) : pendingEntriesLabel(card.capacity)}
      </p>
      <div className="mt-auto pt-5">
        {STATUS_LOOK[status].takesEntries ? (
          <RegisterButton tournamentId={card.id} href={card.registerHref} sessionKey={sessionKey} />
        ) : (
          <button type="button" className="btn w-full" disabled>
            {STATUS_LOOK[status].label}
          </button>
        )}
      </div>
    </li>
  );
}

export default function TournamentCarousel({ cards, pixelsPerFrame, sessionKey, className = '' }: Props) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const firstSetRef = useRef<HTMLUListElement>(null);
  const states = useTournamentStates(cards.map((card) => card.id));

  useEffect(() => {
    const scroller = scrollerRef.current;
    const firstSet = firstSetRef.current;
    if (!scroller || !firstSet) return;

    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let hovered = false;
    let touching = false;
    let onScreen = true;
    // scrollLeft may be rounded to whole pixels; keep the precise position ourselves.
    let position = scroller.scrollLeft;
    let frame = 0;

    const focused = () => scroller.contains(document.activeElement);
    const loopWidth = () => firstSet.offsetWidth; // one full set of cards including its trailing gap

    const step = () => {
      frame = requestAnimationFrame(step);
      if (hovered || touching || !onScreen || reducedMotion.matches || focused()) {
        position = scroller.scrollLeft;
        return;
      }
      position += pixelsPerFrame;
      const width = loopWidth();
      if (width > 0 && position >= width) position -= width;
      scroller.scrollLeft = position;
    };
    frame = requestAnimationFrame(step);

    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? true;
    });
    observer.observe(scroller);

    const enter = () => (hovered = true);
    const leave = () => (hovered = false);
    const down = () => (touching = true);
    const up = () => (touching = false);
    scroller.addEventListener('pointerenter', enter);
    scroller.addEventListener('pointerleave', leave);
    scroller.addEventListener('touchstart', down, { passive: true });
    scroller.addEventListener('touchend', up);
    scroller.addEventListener('touchcancel', up);

    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      scroller.removeEventListener('pointerenter', enter);
      scroller.removeEventListener('pointerleave', leave);
      scroller.removeEventListener('touchstart', down);
      scroller.removeEventListener('touchend', up);
      scroller.removeEventListener('touchcancel', up);
    };
  }, [pixelsPerFrame]);

  return (
    <div
      ref={scrollerRef}
      className={`no-scrollbar flex overflow-x-auto py-2 ${className}`}
      role="region"
      aria-label="Tournaments"
      tabIndex={0}
      data-tournament-carousel
    >
      <ul ref={firstSetRef} className="flex shrink-0 gap-4 pr-4" role="list">
        {cards.map((card) => (
          <Card key={card.id} card={card} clone={false} sessionKey={sessionKey} state={states[card.id]} />
        ))}
      </ul>
      <ul className="flex shrink-0 gap-4 pr-4" role="list" aria-hidden="true">
        {cards.map((card) => (
          <Card key={card.id} card={card} clone sessionKey={sessionKey} state={states[card.id]} />
        ))}
      </ul>
    </div>
  );
}
