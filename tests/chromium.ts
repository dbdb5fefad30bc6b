/**
 * How Chromium is launched here, for the end-to-end tests and the browser benchmarks alike:
 * Debian's build (Playwright cannot download its own), with the flags this machine needs — without
 * the background-networking ones Chromium keeps trying hosts the closed network refuses.
 */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
