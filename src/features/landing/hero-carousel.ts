/**
 * The landing hero's slideshow, without a framework: Embla moves the slides, its Autoplay plugin keeps
 * the 3-second beat, and this module decides when autoplay may run. It never runs for players who ask
 * for reduced motion, stops while the pointer or keyboard focus is on the carousel, and can be paused
 * with its own button (WCAG 2.2.2). React is not needed for this, so the landing page does not load it.
 */
import EmblaCarousel from 'embla-carousel';
import Autoplay from 'embla-carousel-autoplay';

export function startHeroCarousel(root: HTMLElement): void {
  const viewport = root.querySelector<HTMLElement>('[data-carousel-viewport]');
  if (!viewport) return;
  const intervalMs = Number(root.dataset.intervalMs) || 3000;
  const slides = [...root.querySelectorAll<HTMLElement>('[aria-roledescription="slide"]')];
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]')];
  const pauseButton = root.querySelector<HTMLButtonElement>('[data-carousel-pause]');
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');

  const autoplay = Autoplay({ delay: intervalMs, playOnInit: false, stopOnInteraction: false, stopOnFocusIn: false });
  const embla = EmblaCarousel(viewport, { loop: true, duration: 28 }, [autoplay]);

  let paused = false;
  let interacting = false;

  /** Plays exactly when nobody asked it to stand still. */
  const updateAutoplay = () => {
    if (pauseButton) pauseButton.hidden = reducedMotion.matches;
    if (!paused && !interacting && !reducedMotion.matches) {
      if (!autoplay.isPlaying()) autoplay.play();
    } else autoplay.stop();
  };

  const showSelected = () => {
    const selected = embla.selectedScrollSnap();
    root.dataset.selectedIndex = String(selected);
    slides.forEach((slide, index) => {
      slide.setAttribute('aria-hidden', String(index !== selected));
      slide.dataset.active = String(index === selected);
    });
    dots.forEach((dot, index) => {
      if (index === selected) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    // A manual step gets a full interval too.
    autoplay.reset();
  };

  embla.on('select', showSelected);
  root.querySelector('[data-carousel-prev]')?.addEventListener('click', () => embla.scrollPrev());
  root.querySelector('[data-carousel-next]')?.addEventListener('click', () => embla.scrollNext());
  dots.forEach((dot, index) => {
    dot.addEventListener('click', () => embla.scrollTo(index));
  });
  pauseButton?.addEventListener('click', () => {
    paused = !paused;
    pauseButton.setAttribute('aria-pressed', String(paused));
    pauseButton.dataset.paused = String(paused);
    updateAutoplay();
  });

  root.addEventListener('pointerenter', () => {
    interacting = true;
    updateAutoplay();
  });
  root.addEventListener('pointerleave', () => {
    interacting = root.contains(document.activeElement);
    updateAutoplay();
  });
  root.addEventListener('focusin', () => {
    interacting = true;
    updateAutoplay();
  });
  root.addEventListener('focusout', (event) => {
    if (root.contains(event.relatedTarget as Node | null)) return;
    interacting = root.matches(':hover');
    updateAutoplay();
  });
  reducedMotion.addEventListener('change', updateAutoplay);

  showSelected();
  updateAutoplay();
  root.dataset.ready = '';
}
