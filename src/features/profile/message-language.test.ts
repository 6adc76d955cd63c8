import { describe, expect, it } from 'vitest';
import { LANGS } from '@/lib/i18n/lang';
import { LANGUAGE_NAMES, MESSAGE_LANGUAGE_WORDS } from './message-language';

describe('the language for messages, in both languages', () => {
  it('has every word in English and Hindi, the Hindi in Devanagari', () => {
    expect(Object.keys(MESSAGE_LANGUAGE_WORDS.hi).sort()).toEqual(Object.keys(MESSAGE_LANGUAGE_WORDS.en).sort());
    for (const [key, value] of Object.entries(MESSAGE_LANGUAGE_WORDS.hi)) {
      const text = typeof value === 'function' ? value('hi') : value;
      expect(text, key).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('names each choice in its own language and says which one was saved', () => {
    expect(LANGS.map((lang) => LANGUAGE_NAMES[lang])).toEqual(['English', 'हिन्दी']);
    expect(MESSAGE_LANGUAGE_WORDS.en.saved('hi')).toBe('Saved: your messages now come in Hindi.');
    expect(MESSAGE_LANGUAGE_WORDS.hi.saved('en')).toBe('सेव हो गया: अब आपके संदेश अंग्रेज़ी में आएँगे।');
  });
});
