import { describe, expect, it } from 'vitest';
import { normalisePath, shellPartsFor, showsBell } from './shell';

describe('shellPartsFor', () => {
  it('shows everything on ordinary pages and keeps the bar fixed', () => {
    expect(shellPartsFor('/about')).toEqual({ headerActions: true, footer: true, hideHeaderOnScroll: false });
  });

  it('hides the bar on scroll only on the landing page', () => {
    expect(shellPartsFor('/').hideHeaderOnScroll).toBe(true);
    expect(shellPartsFor('/tournaments').hideHeaderOnScroll).toBe(false);
  });

  it('gives the dashboard the whole shell, so a player always has a way onwards, with or without a trailing slash', () => {
    for (const path of ['/dashboard', '/dashboard/', '/dashboard.html']) {
      expect(shellPartsFor(path)).toEqual({ headerActions: true, footer: true, hideHeaderOnScroll: false });
    }
  });

  it('keeps the header actions but drops the footer on the profile', () => {
    expect(shellPartsFor('/profile/')).toEqual({ headerActions: true, footer: false, hideHeaderOnScroll: false });
  });
});

describe('normalisePath', () => {
  it('maps index files and trailing slashes to the route', () => {
    expect(normalisePath('/index.html')).toBe('/');
    expect(normalisePath('/tournaments/')).toBe('/tournaments');
    expect(normalisePath('/tournaments/index.html')).toBe('/tournaments');
  });
});

describe('showsBell', () => {
  it('puts the bell on the landing page, the dashboard, tournament and series pages, pods and matches', () => {
    for (const path of ['/', '/dashboard', '/dashboard/', '/tournaments/super-8', '/pod/', '/match/', '/my-tournaments']) {
      expect(showsBell(path), path).toBe(true);
    }
  });

  it('keeps info and policy pages and the tournament list free of its script', () => {
    for (const path of ['/about', '/help-center', '/terms-of-service', '/login', '/tournaments']) expect(showsBell(path), path).toBe(false);
  });
});
