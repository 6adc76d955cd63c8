/**
 * A pragmatic scan of an .astro file for words a reader sees that are typed into the file instead of
 * coming from the dictionaries: text between tags (also inside `{… <li>text</li> …}`), user-facing
 * attributes given as literal text (`title="About Us"`), and English sentences in string literals of the
 * frontmatter. Product and rail names that both languages keep in Latin letters are allowed. It reads
 * the source, not the built page, so it names the file and the words to move into en.ts / hi.ts.
 */

/** Names both languages write in Latin letters (docs/hindi-glossary.md). */
const KEPT_IN_LATIN = new Set(['efootball', 'whatsapp', 'discord', 'razorpay', 'upi', 'pan', 'kyc', 'inr', 'super', 'javascript']);

/** Attributes whose value a reader sees or hears. */
const VISIBLE_ATTRIBUTES = [
  'title',
  'eyebrow',
  'lead',
  'text',
  'action',
  'label',
  'alt',
  'aria-label',
  'placeholder',
  'toast',
  'description',
  'busyLabel',
];

/** A Latin word a reader would take for English (three letters or more, not a kept name). */
function englishWords(text: string): string[] {
  // An example address (`you@example.com`) reads the same in both languages.
  return [...text.replace(/\S+@\S+\.\S+/g, ' ').matchAll(/[A-Za-z][A-Za-z'’]{2,}/g)]
    .map((m) => m[0])
    .filter((word) => !KEPT_IN_LATIN.has(word.toLowerCase()));
}

/**
 * A string literal is a sentence, not a class list, when it holds an English function word between spaces
 * or starts a capitalised phrase ("Skill decides ...").
 */
const SENTENCE_WORD = /(?:^|\s)(?:the|and|your|you|for|with|of|our|we|is|are|this|can|not)(?:\s|[.,!?:;]|$)/i;

export type EnglishFinding = { where: 'text' | 'attribute' | 'frontmatter'; text: string };

export function findEnglishStrings(source: string): EnglishFinding[] {
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(source);
  const frontmatter = match?.[1] ?? '';
  const template = (match?.[2] ?? source)
    // Scripts, styles and commands shown as typed (`<pre>`) are not prose.
    .replace(/<(script|style|pre)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ')
    // A literal in braces (`{' '}`, `{"Next"}`) is text on the page.
    .replace(/\{\s*(['"])((?:(?!\1)[^\\])*)\1\s*\}/g, ' $2 ');
  const findings: EnglishFinding[] = [];

  // Text between two tags, or between a tag and an expression: `>Email us at{`, `}. We reply<`.
  for (const [, text = ''] of template.matchAll(/[>}]([^<>{}]*)(?=[<{])/g)) {
    // Code between `}` and `{` (inside an expression) is not text: only segments that reach a tag.
    if (/=>|&&|\|\||[?;=(]/.test(text)) continue;
    if (englishWords(text).length > 0) findings.push({ where: 'text', text: text.trim() });
  }
  for (const name of VISIBLE_ATTRIBUTES) {
    for (const [, , value = ''] of template.matchAll(new RegExp(`\\s${name}=(["'])((?:(?!\\1).)*)\\1`, 'g'))) {
      if (englishWords(value).length > 0) findings.push({ where: 'attribute', text: `${name}="${value}"` });
    }
  }
  const code = frontmatter
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/^\s*import\b.*$/gm, ' ')
    // Errors are for the build's log, not for readers.
    .replace(/new Error\((['"`])(?:(?!\1)[^\\]|\\.)*\1\)/g, ' ');
  for (const [, , value = ''] of code.matchAll(/(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)) {
    const words = value.replace(/\$\{[^}]*\}/g, ' ');
    if ((SENTENCE_WORD.test(words) || /\b[A-Z][a-z]+\s+[a-z]{2,}/.test(words)) && englishWords(words).length > 1) {
      findings.push({ where: 'frontmatter', text: value });
    }
  }
  return findings;
}

/**
 * The same scan for a React island (.tsx): text between JSX tags, visible attributes given as literal text,
 * and English sentences in the code's string literals (a `'Checking in…'` in a ternary is as visible as text).
 * An island on a Hindi page takes every word from its words module (`useMessages(X_WORDS)`), so a hit here
 * is a word the Hindi page would show in English.
 */
export function findEnglishInIsland(source: string): EnglishFinding[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')
    .replace(/^\s*(?:import|export \{)[\s\S]*?;\s*$/gm, ' ');
  const findings: EnglishFinding[] = [];
  // JSX text: after a tag up to the next tag or expression, or after an expression up to the next tag.
  // (`} … {` is code between two blocks far more often than text between two expressions; an arrow's `=>` ends no
  // tag: `=> Promise<boolean>` is a type.)
  for (const [, text = ''] of code.matchAll(/(?<!=)>([^<>{}]*)(?=[<{])|\}([^<>{}]*)(?=<[/A-Za-z])/g).map((m) => [m[0], m[1] ?? m[2]])) {
    if (/=>|&&|\|\||[?;=()`'"]/.test(text) || /\b(?:const|let|function|return|type|interface|export)\b/.test(text)) continue;
    if (englishWords(text).length > 0) findings.push({ where: 'text', text: text.trim() });
  }
  for (const name of VISIBLE_ATTRIBUTES) {
    for (const [, , value = ''] of code.matchAll(new RegExp(`\\s${name}=(["'])((?:(?!\\1).)*)\\1`, 'g'))) {
      if (englishWords(value).length > 0) findings.push({ where: 'attribute', text: `${name}="${value}"` });
    }
  }
  const literals = code
    .replace(/new Error\((['"`])(?:(?!\1)[^\\]|\\.)*\1\)/g, ' ')
    .replace(/className=\{?(['"`])(?:(?!\1)[^\\]|\\.)*\1/g, ' ');
  for (const [, , value = ''] of literals.matchAll(/(['`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)) {
    const words = value.replace(/\$\{[^}]*\}/g, ' ');
    if ((SENTENCE_WORD.test(words) || /\b[A-Z][a-z]+\s+[a-z]{2,}/.test(words)) && englishWords(words).length > 1) {
      findings.push({ where: 'frontmatter', text: value });
    }
  }
  return findings;
}
