// The project's own `client:` directives, known to Astro's type checker.
declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate right after the first paint, or with "idle" once the browser idles after it, or with "visible" once in view (src/lib/hydration/after-first-paint.ts). */
    'client:painted'?: boolean | 'idle' | 'visible';
  }
}
export {};
