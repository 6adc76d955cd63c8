/**
 * The browser every tool here drives: Debian's Chromium (a test tool's own browser download is not
 * available on every machine), started the same way by the end-to-end tests and the Lighthouse command.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // Chromium 156 preloads the address bar's suggestion popup (a WebUI page, chrome://omnibox-popup.top-chrome,
  // and its AI Mode twin) in a renderer of its own for every new window, even headless where it can never
  // show: about 0.8 s of CPU per browser context, more than a simple page itself costs. Chromium merges this
  // list with Playwright's own --disable-features. Pages are unaffected.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];
