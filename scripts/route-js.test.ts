import { describe, expect, it } from 'vitest';
import { collectPageJs, pageScripts, resolveSitePath, routeOfHtmlFile, staticImports } from './route-js.mjs';

describe('pageScripts', () => {
  it('finds module scripts, modulepreloads, the after-paint data layer, island URLs and inline scripts, and skips data scripts', () => {
    const html = `
      <script type="module" src="/_astro/page.js"></script>
      <link rel="modulepreload" href="/_astro/pre.js">
      <meta name="golazo:data-layer" content="/_astro/supabase.js /_astro/profile.api.js">
      <script type="application/ld+json">{"@type":"Event"}</script>
      <!-- <script src="/_astro/commented.js"></script> -->
      <astro-island uid="x" component-url="/_astro/Hero.js" renderer-url="/_astro/client.js" client="idle"></astro-island>
      <script>console.log("inline")</script>`;
    const { urls, inline } = pageScripts(html);
    expect(urls.sort()).toEqual([
      '/_astro/Hero.js',
      '/_astro/client.js',
      '/_astro/page.js',
      '/_astro/pre.js',
      '/_astro/profile.api.js',
      '/_astro/supabase.js',
    ]);
    expect(inline).toEqual(['console.log("inline")']);
  });

  it('reports nothing for a page without script', () => {
    expect(pageScripts('<main><h1>Our Mission</h1></main>')).toEqual({ urls: [], inline: [] });
  });
});

describe('staticImports', () => {
  it('reads minified static imports and re-exports but not dynamic imports', () => {
    const code = 'import{a as b}from"./react.js";import"./side.js";export{c}from"./c.js";const d=()=>import("./lazy.js");';
    expect(staticImports(code).sort()).toEqual(['./c.js', './react.js', './side.js']);
  });
});

describe('resolveSitePath', () => {
  it('resolves relative to the importing module and ignores other origins', () => {
    expect(resolveSitePath('./react.js', '/_astro/Hero.js')).toBe('/_astro/react.js');
    expect(resolveSitePath('/_astro/x.js', '/about/index.html')).toBe('/_astro/x.js');
    expect(resolveSitePath('https://cdn.example/x.js', '/index.html')).toBeNull();
  });
});

describe('routeOfHtmlFile', () => {
  it('maps build output files to routes', () => {
    expect(routeOfHtmlFile('index.html')).toBe('/');
    expect(routeOfHtmlFile('about/index.html')).toBe('/about');
    expect(routeOfHtmlFile('tournaments/super_4/index.html')).toBe('/tournaments/super_4');
    expect(routeOfHtmlFile('404.html')).toBe('/404');
  });
});

describe('collectPageJs', () => {
  it('follows static imports once each, through shared chunks', () => {
    const modules: Record<string, string> = {
      '/_astro/Hero.js': 'import{r}from"./react.js";import"./embla.js";',
      '/_astro/client.js': 'import{r}from"./react.js";',
      '/_astro/react.js': 'export const r=1;',
      '/_astro/embla.js': 'import("./never.js")',
    };
    const html = '<astro-island component-url="/_astro/Hero.js" renderer-url="/_astro/client.js"></astro-island>';
    const { files } = collectPageJs(html, '/index.html', (path: string) => modules[path]);
    expect(files.sort()).toEqual(['/_astro/Hero.js', '/_astro/client.js', '/_astro/embla.js', '/_astro/react.js']);
  });

  it("counts an island's Hindi words chunk on a Hindi page only, and no other lazy module", () => {
    const modules: Record<string, string> = {
      '/_astro/PayPanel.js': 'import"./pay-words.js";import("./payments.api.js")',
      '/_astro/pay-words.js': 'const w=()=>import("./pay-words-hi.B1x_y.js");',
      '/_astro/pay-words-hi.B1x_y.js': 'export default {};',
      '/_astro/payments.api.js': 'export {};',
    };
    const html = '<astro-island component-url="/_astro/PayPanel.js"></astro-island>';
    const read = (path: string) => modules[path];
    expect(collectPageJs(html, '/tournaments/x/index.html', read).files.sort()).toEqual(['/_astro/PayPanel.js', '/_astro/pay-words.js']);
    expect(collectPageJs(html, '/hi/tournaments/x/index.html', read).files.sort()).toEqual([
      '/_astro/PayPanel.js',
      '/_astro/pay-words-hi.B1x_y.js',
      '/_astro/pay-words.js',
    ]);
  });
});
