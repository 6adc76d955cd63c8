import { describe, expect, it } from 'vitest';
import { langOfParam, langOfPath, langStaticPaths, localePath, twinPath, unprefixedPath } from './lang';

describe('paths in two languages', () => {
  it('puts Hindi under /hi/ and leaves English unprefixed', () => {
    expect(localePath('/', 'hi')).toBe('/hi/');
    expect(localePath('/about', 'hi')).toBe('/hi/about');
    expect(localePath('/pod/?id=x-pod-1', 'hi')).toBe('/hi/pod/?id=x-pod-1');
    expect(localePath('/hi/about', 'en')).toBe('/about');
    expect(localePath('/hi', 'en')).toBe('/');
    expect(localePath('/about', 'en')).toBe('/about');
  });

  it('reads the language from the path, and only from a whole /hi segment', () => {
    expect(langOfPath('/hi')).toBe('hi');
    expect(langOfPath('/hi/tournaments/super_4')).toBe('hi');
    expect(langOfPath('/hindi-cup')).toBe('en');
    expect(langOfPath('/tournaments/hi')).toBe('en');
    expect(unprefixedPath('/hi/')).toBe('/');
    expect(unprefixedPath('/history')).toBe('/history');
  });

  it('links each page to its twin and back', () => {
    expect(twinPath('/tournaments')).toBe('/hi/tournaments');
    expect(twinPath('/hi/tournaments')).toBe('/tournaments');
    expect(twinPath(twinPath('/my-earnings'))).toBe('/my-earnings');
  });

  it('builds each page once per language and refuses any other segment', () => {
    expect(langStaticPaths()).toEqual([{ params: { lang: undefined } }, { params: { lang: 'hi' } }]);
    expect(langOfParam(undefined)).toBe('en');
    expect(langOfParam('hi')).toBe('hi');
    expect(() => langOfParam('fr')).toThrow();
    expect(() => langOfParam('../etc')).toThrow();
  });
});
