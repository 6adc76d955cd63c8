/**
 * The landing page's strip of tournament cards drifts sideways at a few tenths of a pixel per frame
 * and loops seamlessly: the script appends a copy of the cards (hidden from assistive tech and from
 * the keyboard), so the page's HTML carries each card once and a page without scripts has no copy. It stops while the pointer is over it, while anything in it has focus, while
 * a finger is on it, while it is off screen, and never moves for players who ask for reduced motion.
 * It stays a normal scrollable list, so nothing is out of reach.
 *
 * Frames are requested only while it moves, and the width of one set of cards is measured when it
 * changes rather than every frame: a strip below the fold costs the page nothing.
 */
export function startTournamentStrip(scroller: HTMLElement): void {
  const firstSet = scroller.querySelector<HTMLElement>('[data-strip-first-set]');
  if (!firstSet) return;
  appendLoopCopy(firstSet);
  const pixelsPerFrame = Number(scroller.dataset.pixelsPerFrame) || 0.5;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let hovered = false;
  let touching = false;
  let focused = false;
  let onScreen = false;
  // One full set of cards including its trailing gap: past it, the copy looks exactly the same.
  let loopWidth = firstSet.offsetWidth;
  // scrollLeft may be rounded to whole pixels; keep the precise position here.
  let position = 0;
  let frame = 0;

  const moving = () => onScreen && !hovered && !touching && !focused && !reducedMotion.matches;
  const step = () => {
    if (!moving()) {
      frame = 0;
      return;
    }
    position += pixelsPerFrame;
    if (loopWidth > 0 && position >= loopWidth) position -= loopWidth;
    scroller.scrollLeft = position;
    frame = requestAnimationFrame(step);
  };
  /** Starts or stops the frames after any change of the conditions above. */
  const update = () => {
    if (moving() && frame === 0) {
      // The player may have scrolled it by hand meanwhile: carry on from there.
      position = scroller.scrollLeft;
      frame = requestAnimationFrame(step);
    } else if (!moving() && frame !== 0) {
      cancelAnimationFrame(frame);
      frame = 0;
    }
  };
  const on = (flag: (value: boolean) => void, value: boolean) => () => {
    flag(value);
    update();
  };

  new ResizeObserver(() => {
    loopWidth = firstSet.offsetWidth;
  }).observe(firstSet);
  new IntersectionObserver(([entry]) => {
    onScreen = entry?.isIntersecting ?? false;
    update();
  }).observe(scroller);
  scroller.addEventListener(
    'pointerenter',
    on((v) => (hovered = v), true),
  );
  scroller.addEventListener(
    'pointerleave',
    on((v) => (hovered = v), false),
  );
  scroller.addEventListener(
    'focusin',
    on((v) => (focused = v), true),
  );
  scroller.addEventListener('focusout', (event) => {
    focused = scroller.contains(event.relatedTarget as Node | null);
    update();
  });
  scroller.addEventListener(
    'touchstart',
    on((v) => (touching = v), true),
    { passive: true },
  );
  scroller.addEventListener(
    'touchend',
    on((v) => (touching = v), false),
  );
  scroller.addEventListener(
    'touchcancel',
    on((v) => (touching = v), false),
  );
  reducedMotion.addEventListener('change', update);
  scroller.dataset.ready = '';
}

/** The second set the loop scrolls into: the same cards, out of reach of the keyboard and screen readers. */
function appendLoopCopy(firstSet: HTMLElement): void {
  const copy = firstSet.cloneNode(true) as HTMLElement;
  copy.removeAttribute('data-strip-first-set');
  copy.setAttribute('aria-hidden', 'true');
  copy.inert = true;
  // The copy is not a card of its own: lookups by tournament find the real one only.
  for (const card of copy.querySelectorAll('[data-tournament-card]')) card.removeAttribute('data-tournament-card');
  firstSet.after(copy);
}
