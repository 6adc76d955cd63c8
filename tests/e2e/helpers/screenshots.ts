/**
 * Screenshots of what a player sees, for a person to look at: a test takes them through {@link screenshot}
 * and they land where the test says (its output folder, `test-results/`, unless a file's own setting moves
 * them). Nothing is asserted on the image.
 *
 * A CI run takes none unless E2E_SCREENSHOTS=1: it keeps no files for anyone to open, and a full page at a
 * phone's 2.6 device pixels costs the browser up to a second of CPU (about a hundred of them in a run). A run
 * on your machine takes them unless E2E_SCREENSHOTS=0. What a screenshot of one element waits for, the
 * element shown, is still waited for when none is taken, so a test checks the same either way.
 */
import type { Locator, Page } from '@playwright/test';

const SCREENSHOTS_TAKEN = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== '0' : !process.env.CI;

type ScreenshotOptions = NonNullable<Parameters<Page['screenshot']>[0]>;

const isLocator = (target: Page | Locator): target is Locator => 'waitFor' in target;

/** `target.screenshot(options)` when screenshots are taken; otherwise only an element's wait to be shown. */
export async function screenshot(target: Page | Locator, options: ScreenshotOptions & { path: string }): Promise<void> {
  if (SCREENSHOTS_TAKEN) await target.screenshot(options);
  else if (isLocator(target)) await target.waitFor({ state: 'visible' });
}
