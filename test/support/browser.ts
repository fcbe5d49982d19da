import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, with the flags this machine's closed network needs (TOOLCHAIN.md). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}
