/**
 * The built site (`dist/`) served as a static host serves it, with the headers of `dist/_headers` applied
 * path by path (Netlify's rules: `*` matches the rest of a path; every matching rule adds its headers). What
 * the end-to-end tests, Lighthouse and the screenshots run against, so they run under the real security policy
 * (src/lib/security-headers.ts). Paths resolve as `astro preview` resolves them: `/x/` and `/x` to
 * `/x/index.html` or `/x.html`, anything else to `404.html` with status 404.
 *
 * `node scripts/preview.mjs --port 4321 --host 127.0.0.1 [--dir dist]`
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
};

/**
 * The rules of a `_headers` file: each a path pattern and its headers.
 * @param {string} text
 * @returns {{ pattern: RegExp; headers: [string, string][] }[]}
 */
export function parseHeadersFile(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
    } else {
      const at = line.indexOf(':');
      rules.at(-1)?.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
    }
  }
  return rules;
}

/** The headers of a path: every matching rule's, in order. */
export function headersFor(rules, pathname) {
  return rules.filter((rule) => rule.pattern.test(pathname)).flatMap((rule) => rule.headers);
}

/** The file a request path is answered with, or undefined. */
function fileFor(dist, pathname) {
  const inside = (p) => (p.startsWith(dist) && existsSync(p) && statSync(p).isFile() ? p : undefined);
  const path = normalize(join(dist, pathname));
  if (pathname.endsWith('/')) return inside(join(path, 'index.html')) ?? inside(`${path.replace(/\/$/, '')}.html`);
  return inside(path) ?? inside(join(path, 'index.html')) ?? inside(`${path}.html`);
}

function serve({ dist, port, host }) {
  const headersFile = join(dist, '_headers');
  const rules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const server = createServer((req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://preview').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    for (const [name, value] of headersFor(rules, pathname)) res.setHeader(name, value);
    const file = fileFor(dist, pathname);
    const answer = file ?? join(dist, '404.html');
    res.statusCode = file ? 200 : 404;
    res.setHeader('Content-Type', TYPES[extname(answer)] ?? 'application/octet-stream');
    if (req.method === 'HEAD') return void res.end();
    createReadStream(answer).pipe(res);
  });
  server.listen(port, host, () => console.log(`Preview of ${dist} at http://${host}:${port}/ with ${rules.length} header rule(s)`));
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4321' },
      host: { type: 'string', default: '127.0.0.1' },
      dir: { type: 'string', default: 'dist' },
    },
  });
  serve({ dist: resolve(values.dir), port: Number(values.port), host: values.host });
}
