/**
 * typewriter-effect ships its framework-free build at `dist/core` without types of its own;
 * it is the same class its React wrapper drives, so its declared type is reused here.
 */
declare module 'typewriter-effect/dist/core' {
  import type { TypewriterClass } from 'typewriter-effect';
  const Typewriter: typeof TypewriterClass;
  export default Typewriter;
}
