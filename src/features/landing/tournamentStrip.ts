/**
 * The landing page's strip of tournament cards drifts sideways at a few tenths of a pixel per frame
 * and loops seamlessly (the cards are rendered twice; the copy is hidden from assistive tech and
 * from the keyboard). It stops while the pointer is over it, while anything in it has focus, while
 * a finger is on it, while it is off screen, and never moves for players who ask for reduced motion.
 * It stays a normal scrollable list, so nothing is out of reach.
 */
export function startTournamentStrip(scroller: HTMLElement): void {
  const firstSet = scroller.querySelector<HTMLElement>('[data-strip-first-set]');
  if (!firstSet) return;
  const pixelsPerFrame = Number(scroller.dataset.pixelsPerFrame) || 0.5;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let hovered = false;
  let touching = false;
  let onScreen = true;
  // scrollLeft may be rounded to whole pixels; keep the precise position here.
  let position = scroller.scrollLeft;

  const focused = () => scroller.contains(document.activeElement);
  const step = () => {
    requestAnimationFrame(step);
    if (hovered || touching || !onScreen || reducedMotion.matches || focused()) {
      position = scroller.scrollLeft;
      return;
    }
    position += pixelsPerFrame;
    // One full set of cards including its trailing gap: past it, the copy looks exactly the same.
    const loopWidth = firstSet.offsetWidth;
    if (loopWidth > 0 && position >= loopWidth) position -= loopWidth;
    scroller.scrollLeft = position;
  };
  requestAnimationFrame(step);

  new IntersectionObserver(([entry]) => {
    onScreen = entry?.isIntersecting ?? true;
  }).observe(scroller);
  scroller.addEventListener('pointerenter', () => (hovered = true));
  scroller.addEventListener('pointerleave', () => (hovered = false));
  scroller.addEventListener('touchstart', () => (touching = true), { passive: true });
  scroller.addEventListener('touchend', () => (touching = false));
  scroller.addEventListener('touchcancel', () => (touching = false));
  scroller.dataset.ready = '';
}
