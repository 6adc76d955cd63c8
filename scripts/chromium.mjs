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
];
