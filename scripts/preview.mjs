/**
 * The built site (`dist/`) served as a static host serves it, with the headers of `dist/_headers` applied
 * path by path (Netlify's rules: `*` matches the rest of a path; every matching rule adds its headers). What
 * the end-to-end tests, Lighthouse and the screenshots run against, so they run under the real security policy
 * (src/lib/security-headers.ts). Paths resolve as `astro preview` resolves them: `/x/` and `/x` to
 * `/x/index.html` or `/x.html`, anything else to `404.html` with status 404. Text is sent compressed, Brotli or gzip as
 * the browser accepts, as the host sends it, so Lighthouse weighs the bytes a player's phone receives.
 *
 * `node scripts/preview.mjs --port 4321 --host 127.0.0.1 [--dir dist]`
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, gzipSync } from 'node:zlib';

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

/** Text files a static host sends compressed (Netlify: Brotli where the browser accepts it, else gzip). */
const COMPRESSED = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.xml']);

/**
 * The encoding to send: Brotli when accepted, else gzip, else none (a q of 0 refuses one).
 * @param {string | undefined} header
 * @returns {'br' | 'gzip' | undefined}
 */
export function acceptedEncoding(header) {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !/^\s*q\s*=\s*0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
}

/** Each file compressed once per encoding, the first time it is asked for (the built site does not change under a preview). */
const compressedFiles = new Map();
function compressed(file, encoding) {
  const key = `${encoding}:${file}`;
  let body = compressedFiles.get(key);
  if (!body) {
    const raw = readFileSync(file);
    body = encoding === 'br' ? brotliCompressSync(raw) : gzipSync(raw, { level: 9 });
    compressedFiles.set(key, body);
  }
  return body;
}

/** The file a request path is answered with, or undefined. */
function fileFor(dist, pathname) {
  const inside = (p) => (p.startsWith(dist) && existsSync(p) && statSync(p).isFile() ? p : undefined);
  const path = normalize(join(dist, pathname));
  if (pathname.endsWith('/')) return inside(join(path, 'index.html')) ?? inside(`${path.replace(/\/$/, '')}.html`);
  return inside(path) ?? inside(join(path, 'index.html')) ?? inside(`${path}.html`);
}

/** Serves `dist` on `port`; answers the server (listening once its callback ran). */
export function serve({ dist, port, host }) {
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
    const encoding = COMPRESSED.has(extname(answer)) ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
    if (encoding) {
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Content-Encoding', encoding);
    }
    if (req.method === 'HEAD') return void res.end();
    if (encoding) res.end(compressed(answer, encoding));
    else createReadStream(answer).pipe(res);
  });
  server.listen(port, host, () => console.log(`Preview of ${dist} at http://${host}:${port}/ with ${rules.length} header rule(s)`));
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4321' },
      host: { type: 'string', default: '127.0.0.1' },
      dir: { type: 'string', default: 'dist' },
    },
  });
  const server = serve({ dist: resolve(values.dir), port: Number(values.port), host: values.host });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
