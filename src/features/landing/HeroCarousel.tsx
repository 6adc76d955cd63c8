/**
 * The landing hero's picture carousel: six slides, looping, one step every 3 seconds.
 * Arrows appear from the md breakpoint up; on phones players swipe or use the dots.
 * Autoplay never runs for players who ask for reduced motion, stops while the pointer or
 * keyboard focus is on the carousel, and can be paused with its own button (WCAG 2.2.2).
 */
import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import type { HeroSlide } from './landing';

type Props = { slides: HeroSlide[]; intervalMs: number };

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export default function HeroCarousel({ slides, intervalMs }: Props) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, duration: 28 });
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const [interacting, setInteracting] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const autoplay = !paused && !interacting && !reducedMotion;

  // Re-arm the timer after every slide change so a manual step gets a full 3 seconds too.
  useEffect(() => {
    if (!embla || !autoplay) return;
    const timer = window.setTimeout(() => {
      embla.scrollNext(prefersReducedMotion());
    }, intervalMs);
    return () => window.clearTimeout(timer);
  }, [embla, autoplay, selected, intervalMs]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  return (
    <section
      className="relative"
      aria-roledescription="carousel"
      aria-label="Golazo Arena highlights"
      data-hero-carousel
      data-selected-index={selected}
      onPointerEnter={() => setInteracting(true)}
      onPointerLeave={() => setInteracting(false)}
      onFocus={() => setInteracting(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setInteracting(false);
      }}
    >
      <div className="overflow-hidden rounded-3xl border border-line" ref={viewportRef}>
        <div className="flex touch-pan-y">
          {slides.map((slide, index) => (
            <div
              key={slide.src}
              className="relative min-w-0 shrink-0 grow-0 basis-full"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}: ${slide.caption}`}
              aria-hidden={index !== selected}
              data-active={index === selected}
            >
              <img
                src={slide.src}
                alt={slide.alt}
                width={800}
                height={600}
                loading={index === 0 ? 'eager' : 'lazy'}
                decoding="async"
                className="aspect-[4/3] w-full object-cover"
              />
              <p className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-night via-night/80 to-transparent px-5 pt-12 pb-12 text-lg font-bold md:text-xl">
                {slide.caption}
              </p>
            </div>
          ))}
        </div>
      </div>

      <button
        type="button"
        onClick={previous}
        className="absolute top-1/2 left-3 hidden size-11 -translate-y-1/2 place-items-center rounded-full bg-night/80 text-chalk ring-1 ring-line hover:bg-lime hover:text-night md:grid"
        aria-label="Previous slide"
        data-carousel-prev
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" />
        </svg>
      </button>
      <button
        type="button"
        onClick={next}
        className="absolute top-1/2 right-3 hidden size-11 -translate-y-1/2 place-items-center rounded-full bg-night/80 text-chalk ring-1 ring-line hover:bg-lime hover:text-night md:grid"
        aria-label="Next slide"
        data-carousel-next
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
          <path d="M9 5l7 7-7 7" />
        </svg>
      </button>

      <div className="absolute inset-x-0 bottom-3 flex items-center justify-between px-4">
        <div className="flex items-center">
          {slides.map((slide, index) => (
            <button
              key={slide.src}
              type="button"
              className="grid size-6 place-items-center"
              aria-label={`Show slide ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => embla?.scrollTo(index)}
            >
              <span className={`block h-2 rounded-full transition-all ${index === selected ? 'w-5 bg-lime' : 'w-2 bg-chalk/60'}`} />
            </button>
          ))}
        </div>
        {!reducedMotion && (
          <button
            type="button"
            className="grid size-8 place-items-center rounded-full bg-night/80 text-chalk ring-1 ring-line"
            aria-label="Pause slideshow"
            aria-pressed={paused}
            onClick={() => setPaused((value) => !value)}
          >
            <svg viewBox="0 0 24 24" className="size-4" fill="currentColor" aria-hidden="true">
              {paused ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
            </svg>
          </button>
        )}
      </div>
    </section>
  );
}
