import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';
const base = 'http://127.0.0.1:4341';
const [vpName, ...pages] = process.argv.slice(2);
const vp = vpName === 'phone' ? { width: 360, height: 740 } : { width: 1280, height: 800 };
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const context = await browser.newContext({ viewport: vp, deviceScaleFactor: 1 });
const page = await context.newPage();
for (const spec of pages) {
  const [path, tab] = spec.split('@');
  await page.goto(base + path, { waitUntil: 'networkidle' });
  if (tab) await page.getByRole('tab', { name: tab }).click();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  console.log(spec, vpName, 'overflow', overflow);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = vpName === 'phone' ? 900 : 1100;
  for (let top = 0, i = 0; top < Math.min(height, 4 * step); top += step, i++) {
    await page.screenshot({ path: `/tmp/hi-shots/seg${spec.replace(/[\/@]/g, '_')}-${vpName}-${i}.png`, fullPage: true, clip: { x: 0, y: top, width: vp.width, height: Math.min(step, height - top) } });
  }
}
await browser.close();
