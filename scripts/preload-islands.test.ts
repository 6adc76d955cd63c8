import { describe, expect, it } from 'vitest';
import { eagerIslandUrls, withIslandPreloads } from './preload-islands.mjs';
import { moduleGraph } from './route-js.mjs';

const modules: Record<string, string> = {
  '/_astro/Profile.js': 'import{a}from"./react.js";import{b}from"./session.js";const api=()=>import(`./profile.api.js`);',
  '/_astro/react.js': 'export const a=1;',
  '/_astro/session.js': 'import"./react.js";const c=()=>import(`./supabase.js`);const r=()=>import(`./resize.js`);export const b=2;',
  '/_astro/profile.api.js': 'import{s}from"./schemas.js";export const load=1;',
  '/_astro/schemas.js': 'export const s=1;',
  '/_astro/supabase.js': 'export const client=1;',
  '/_astro/resize.js': 'export const resize=1;',
  '/_astro/client.js': 'export default 1;',
  '/_astro/Stats.js': 'import"./stats.js";',
  // An island whose words module asks for its Hindi chunk, which imports a module the island does not.
  '/_astro/Earnings.js': 'import{a}from"./react.js";const w=()=>import("./payout-words-hi.B1x_y.js");const t=()=>import("./TaxCard.js");',
  '/_astro/payout-words-hi.B1x_y.js': 'import{a}from"./react.js";import{r}from"./reason-lookup.js";export default {};',
  '/_astro/reason-lookup.js': 'export const r=1;',
  '/_astro/TaxCard.js': 'const w=()=>import("./statement-words-hi.C2.js");',
  '/_astro/statement-words-hi.C2.js': 'export default {};',
};
const readModule = (path: string) => modules[path];

const page = (islands: string) => `<html><head><title>t</title></head><body>${islands}</body></html>`;
const eager = '<astro-island uid="1" component-url="/_astro/Profile.js" renderer-url="/_astro/client.js" client="load"></astro-island>';
const painted = '<astro-island uid="3" component-url="/_astro/Pay.js" renderer-url="/_astro/client.js" client="painted"></astro-island>';
const paintedIdle =
  '<astro-island uid="4" component-url="/_astro/Bell.js" renderer-url="/_astro/client.js" client="painted" opts="{&quot;name&quot;:&quot;Bell&quot;,&quot;value&quot;:&quot;idle&quot;}"></astro-island>';
const paintedVisible =
  '<astro-island uid="5" component-url="/_astro/Alerts.js" renderer-url="/_astro/client.js" client="painted" opts="{&quot;name&quot;:&quot;Alerts&quot;,&quot;value&quot;:&quot;visible&quot;}"></astro-island>';
const earnings =
  '<astro-island uid="6" component-url="/_astro/Earnings.js" renderer-url="/_astro/client.js" client="painted"></astro-island>';
const idle = '<astro-island uid="2" component-url="/_astro/Stats.js" renderer-url="/_astro/client.js" client="idle"></astro-island>';
const preloads = (html: string) => /<meta name="golazo:data-layer" content="([^"]+)">/.exec(html)?.[1].split(' ') ?? [];

describe('eager island preloads', () => {
  it('names the component and renderer of client:load and client:painted islands only (not idle, not visible)', () => {
    expect(eagerIslandUrls(page(eager + idle))).toEqual(['/_astro/Profile.js', '/_astro/client.js']);
    expect(eagerIslandUrls(page(idle + painted))).toEqual(['/_astro/Pay.js', '/_astro/client.js']);
    expect(eagerIslandUrls(page(idle + paintedIdle))).toEqual([]);
    // Below the fold, hydrated when scrolled into view: its data layer waits for it.
    expect(eagerIslandUrls(page(paintedVisible + paintedIdle))).toEqual([]);
  });

  it('follows static imports, and dynamic ones only where asked', () => {
    expect(moduleGraph(['/_astro/Profile.js'], readModule)).toEqual(['/_astro/Profile.js', '/_astro/react.js', '/_astro/session.js']);
    const withData = moduleGraph(['/_astro/Profile.js'], readModule, (path: string) => path !== '/_astro/resize.js');
    expect(withData).toContain('/_astro/supabase.js');
    expect(withData).toContain('/_astro/schemas.js');
    expect(withData).not.toContain('/_astro/resize.js');
  });

  it('leaves a public page as it is: its islands load what they need when they need it', () => {
    const html = page(eager + idle);
    expect(withIslandPreloads(html, '/pod/index.html', readModule)).toBe(html);
  });

  it('on a private page names the Supabase client and the data modules, not the islands or other lazy chunks', () => {
    const html = withIslandPreloads(page(eager), '/profile/index.html', readModule, { isPrivate: true });
    const links = preloads(html);
    expect(links.sort()).toEqual(['/_astro/profile.api.js', '/_astro/schemas.js', '/_astro/supabase.js']);
    expect(html.indexOf('golazo:data-layer')).toBeLessThan(html.indexOf('</head>'));
  });

  it('adds nothing to a private page without eager islands, or twice to one already preloading', () => {
    const quiet = page(idle);
    expect(withIslandPreloads(quiet, '/trade/index.html', readModule, { isPrivate: true })).toBe(quiet);
    const once = withIslandPreloads(page(eager), '/profile/index.html', readModule, { isPrivate: true });
    expect(withIslandPreloads(once, '/profile/index.html', readModule, { isPrivate: true })).toBe(once);
  });

  it("on a Hindi page names its eager islands' Hindi words chunks and what they import, on an English page nothing", () => {
    const english = page(earnings);
    expect(withIslandPreloads(english, '/tournaments/index.html', readModule)).toBe(english);
    const hindi = preloads(withIslandPreloads(page(earnings), '/hi/tournaments/index.html', readModule));
    // Not the chunks of components the island loads later (TaxCard's words come with TaxCard), nor the island's own imports.
    expect(hindi).toEqual(['/_astro/payout-words-hi.B1x_y.js', '/_astro/reason-lookup.js']);
  });

  it("on a private Hindi page names the data layer and the Hindi words together, not an idle island's words", () => {
    const bell =
      '<astro-island uid="7" component-url="/_astro/Bell.js" renderer-url="/_astro/client.js" client="painted" opts="{&quot;value&quot;:&quot;idle&quot;}"></astro-island>';
    const both: Record<string, string> = {
      ...modules,
      '/_astro/Bell.js': 'const w=()=>import("./bell-words-hi.D3.js");',
      '/_astro/Earnings.js': `${modules['/_astro/Earnings.js']}const api=()=>import("./payouts.api.js");`,
      '/_astro/payouts.api.js': 'export const x=1;',
    };
    const html = withIslandPreloads(page(bell + earnings), '/hi/my-earnings/index.html', (path: string) => both[path], { isPrivate: true });
    expect(preloads(html).sort()).toEqual(['/_astro/payout-words-hi.B1x_y.js', '/_astro/payouts.api.js', '/_astro/reason-lookup.js']);
  });
});
