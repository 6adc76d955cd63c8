import { mkdtempSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, serve } from './preview.mjs';

const PAGE = `<!doctype html><html lang="hi"><title>टूर्नामेंट</title><p>${'₹200 एंट्री फ़ीस '.repeat(200)}</p></html>`;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

describe('the preview server sends text as a static host does', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'golazo-preview-'));
    writeFileSync(path.join(dist, 'index.html'), PAGE);
    writeFileSync(path.join(dist, 'logo.png'), PNG);
    writeFileSync(path.join(dist, '404.html'), '<p>Not found</p>');
    server = serve({ dist, port: 0, host: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const get = (pathname: string, acceptEncoding?: string, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: pathname, method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  it('sends a page in Brotli to a browser that accepts it, the same page once decoded', async () => {
    const answer = await get('/', 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(answer.body).toString()).toBe(PAGE);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(PAGE) / 4);
  });

  it('sends gzip where Brotli is not accepted, and the file as it is where nothing is', async () => {
    const gzipped = await get('/', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(PAGE);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGE);
  });

  it('leaves images as they are, and a not-found page still says 404', async () => {
    const image = await get('/logo.png', 'br, gzip');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.equals(PNG)).toBe(true);
    const missing = await get('/nowhere', 'gzip');
    expect(missing.status).toBe(404);
    expect(gunzipSync(missing.body).toString()).toBe('<p>Not found</p>');
  });

  it('answers HEAD with the headers and no body', async () => {
    const head = await get('/', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });
});

describe('acceptedEncoding', () => {
  it.each([
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip, br;q=0', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=0, br;q=0.0', undefined],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
    ['null, "br", <script>', undefined],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
