/**
 * Reading a built site (dist/) for the scripts that inspect it after a build (size.mjs, preload-islands.mjs).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every .html file under `dir`, at any depth. */
export function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/**
 * `readModule(sitePath)` for the site built in `dist`: the file's text, or undefined when it is missing or
 * outside `dist`. Each file is read once.
 * @param {string} dist
 * @returns {(sitePath: string) => string | undefined}
 */
export function builtModuleReader(dist) {
  const cache = new Map();
  return (sitePath) => {
    if (!cache.has(sitePath)) {
      const file = join(dist, decodeURIComponent(sitePath));
      const inside = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
      cache.set(sitePath, inside ? readFileSync(file, 'utf8') : undefined);
    }
    return cache.get(sitePath);
  };
}
