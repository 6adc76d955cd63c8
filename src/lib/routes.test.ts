import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALL_ROUTES,
  anyTournamentHref,
  HOME_AFTER_SIGN_IN,
  isIndexed,
  isPrivateRoute,
  matchHref,
  podHref,
  routeFor,
  ROUTES,
  safeReturnPath,
} from './routes';

// If any of these were accepted, a link to /login?next=<value> would send a player who just signed in
// to a look-alike site (phishing for their codes) or run script in our origin.
const HOSTILE = [
  'https://evil.example/steal',
  'http:evil.example',
  '//evil.example',
  '///evil.example',
  '/..//evil.example',
  '/.//evil.example',
  '/./evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/%2F%2Fevil.example',
  '/%2f/evil.example',
  '/%5Cevil.example',
  '/%2e%2e//evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\u0000/evil.example',
  ' /dashboard',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'dashboard',
  '/dashboard/../..//evil.example',
  '/tournaments/../..//evil.example',
  '/tournaments/x/../../login',
  '/tournaments//evil.example',
  '/tournaments/%2F%2Fevil.example',
  '/unknown-page',
  '/login',
  '/register?next=//evil.example',
  '',
];

describe('safeReturnPath', () => {
  it.each(HOSTILE.map((raw) => [raw]))('sends %j to the dashboard', (raw) => {
    expect(safeReturnPath(raw)).toBe(HOME_AFTER_SIGN_IN);
  });

  it.each([
    ['/my-earnings', '/my-earnings'],
    ['/profile/', '/profile/'],
    ['/my-tournaments?tab=past#list', '/my-tournaments?tab=past#list'],
    ['/tournaments/golazo-june-2025', '/tournaments/golazo-june-2025'],
    ['/tournaments/super_4?slots=2', '/tournaments/super_4?slots=2'],
    ['/', '/'],
  ])('keeps the same-site page %j', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  it('uses the given fallback for missing values', () => {
    expect(safeReturnPath(null, ROUTES.profile.path)).toBe('/profile');
  });
});

describe('route table', () => {
  it('has one entry per path, each a clean absolute path', () => {
    const paths = ALL_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    // Lowercase segments, no trailing slash; a help article sits under its section (/help-center/verify-draw).
    for (const path of paths) expect(path).toMatch(/^\/([a-z-]+(\/[a-z-]+)*)?$/);
  });

  it('never indexes a private screen (a player page in search results would leak that it exists)', () => {
    for (const route of ALL_ROUTES) if (route.access === 'private') expect(route.indexed).toBe(false);
    expect(isIndexed('/my-earnings')).toBe(false);
    expect(isIndexed('/staff')).toBe(false);
    expect(isPrivateRoute('/staff/')).toBe(true);
    expect(isIndexed('/tournaments/super_4')).toBe(true);
    expect(isIndexed('/no-such-page')).toBe(false);
  });

  it('matches paths with a trailing slash or .html, not look-alikes', () => {
    expect(routeFor('/dashboard.html')).toBe(ROUTES.dashboard);
    expect(isPrivateRoute('/profile/')).toBe(true);
    expect(isPrivateRoute('/profile-tips')).toBe(false);
  });
});

describe('pod links', () => {
  // Fails -> a shared pod link 404s, or sign-in cannot bring a player back to the pod they were entering.
  it('gives every pod a stable shell link that sign-in may return to', () => {
    expect(podHref('super_4-pod-12')).toBe('/pod/?id=super_4-pod-12');
    expect(safeReturnPath('/pod/?id=super_4-pod-12')).toBe('/pod/?id=super_4-pod-12');
    expect(anyTournamentHref('super_4-pod-12')).toBe('/pod/?id=super_4-pod-12');
    expect(anyTournamentHref('champions-dec-2026')).toBe('/tournaments/champions-dec-2026');
  });
});

describe('match links', () => {
  // Fails -> a match link from the bracket 404s, a player signing in loses the match they came from, or
  // search engines index every match of every tournament.
  it('gives every match a stable, unindexed shell link that sign-in may return to', () => {
    const id = '7f1c2d9e-0b4a-4c1e-9a55-3c2f1e0d9b8a';
    expect(matchHref(id)).toBe(`/match/?id=${id}`);
    expect(safeReturnPath(`/match/?id=${id}`)).toBe(`/match/?id=${id}`);
    expect(isIndexed('/match/')).toBe(false);
    expect(isPrivateRoute('/match')).toBe(false);
  });
});

describe('links in the code', () => {
  // Every link to a page of the table is written from the table (ROUTES.x.path, tournamentHref ...), so
  // renaming a route cannot leave a stale link behind. Comments may still name paths.
  const sourceFiles = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(astro|tsx?)$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== join('lib', 'routes.ts'))
    .map((file) => join('src', file));
  const routePath = ALL_ROUTES.map((route) => route.path.slice(1))
    .filter(Boolean)
    .sort((a, b) => b.length - a.length)
    .join('|');
  // href="/", href="/about", href={`/tournaments/${id}`}, or any string that builds a path below a route.
  const linkLiteral = new RegExp(`href=\\{?["'\`]/((${routePath})(?![\\w-])|["'\`#?])|["'\`]/(${routePath})/\\$\\{`);
  const withoutComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

  it('has no page path typed out by hand in a link', () => {
    const handTyped = sourceFiles.flatMap((file) =>
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => linkLiteral.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(handTyped).toEqual([]);
  });
});

describe('Hindi twins', () => {
  it('finds the English entry for a Hindi path, except for the staff console, which stays English', () => {
    expect(routeFor('/hi/about')).toBe(ROUTES.about);
    expect(routeFor('/hi/')).toBe(ROUTES.home);
    expect(routeFor('/hi')).toBe(ROUTES.home);
    expect(routeFor('/hi/staff')).toBeUndefined();
    expect(routeFor('/staff')).toBe(ROUTES.staff);
    expect(routeFor('/hindi')).toBeUndefined();
    expect(isPrivateRoute('/hi/my-earnings')).toBe(true);
    expect(isIndexed('/hi/tournaments/super_4')).toBe(true);
    expect(isIndexed('/hi/profile')).toBe(false);
  });

  it('returns a player to a Hindi page after signing in, and still refuses other sites', () => {
    expect(safeReturnPath('/hi/my-earnings?tab=tax')).toBe('/hi/my-earnings?tab=tax');
    expect(safeReturnPath('/hi/tournaments/super_4')).toBe('/hi/tournaments/super_4');
    expect(safeReturnPath('/hi/login')).toBe(HOME_AFTER_SIGN_IN);
    expect(safeReturnPath('/hi//evil.example')).toBe(HOME_AFTER_SIGN_IN);
    expect(safeReturnPath('/hi/staff')).toBe(HOME_AFTER_SIGN_IN);
  });
});
