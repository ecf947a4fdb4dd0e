// Shared helpers for end-to-end specs. See tests/e2e/README.md.
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Registered tests, in file order: { name, fn, file, timeoutMs }. */
export const registry = [];
let currentFile = '';
export function setCurrentFile(file) {
  currentFile = file;
}

/**
 * Register a test. `fn(ctx)` gets:
 *   ctx.baseURL            e.g. http://127.0.0.1:41234
 *   ctx.distDir            the folder served (a snapshot of dist/; a file changed there must be put back)
 *   ctx.openPage(path?)    new isolated context + page at baseURL + path ('/#/hand?...'), returns the page;
 *                          every request to another origin is recorded in ctx.foreignRequests,
 *                          page errors / console errors in ctx.pageErrors
 *   ctx.launch(extraArgs)  a separate Chromium with extra flags (fake camera...), closed after the test
 *   ctx.foreignRequests    string[] of URLs requested from any other origin
 *   ctx.pageErrors         string[] of uncaught page errors and console.error messages
 */
export function test(name, fn, { timeoutMs = 60_000 } = {}) {
  registry.push({ name, fn, file: currentFile, timeoutMs });
}

export class AssertionError extends Error {}

export function assert(condition, message) {
  if (!condition) throw new AssertionError(message);
}

export function assertEqual(actual, expected, message = '') {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new AssertionError(`${message ? `${message}: ` : ''}expected ${e}, got ${a}`);
}

/** Launch Chromium with the project's flags and a fresh profile directory. Returns { browser, close }. */
export async function launchChromium(extraArgs = []) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'riichi-lens-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    viewport: { width: 1000, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Build the per-test context. `shared` is the runner's Chromium (a persistent context per test). */
export function makeContext(baseURL, distDir) {
  const cleanups = [];
  const ctx = {
    baseURL,
    /** The folder the server serves (a snapshot of dist/): a test may change a file there, and must put it back. */
    distDir,
    foreignRequests: [],
    pageErrors: [],
    async launch(extraArgs = []) {
      const launched = await launchChromium(extraArgs);
      cleanups.push(() => launched.close());
      watchContext(launched.context, ctx);
      return launched.context;
    },
    async openPage(path = '/', { viewport, extraArgs = [] } = {}) {
      const context = await ctx.launch(extraArgs);
      const page = context.pages()[0] ?? (await context.newPage());
      if (viewport) await page.setViewportSize(viewport);
      watchPage(page, ctx);
      await page.goto(new URL(path, baseURL).href);
      return page;
    },
    async dispose() {
      for (const c of cleanups.reverse()) await c();
    },
  };
  return ctx;
}

function watchContext(context, ctx) {
  const origin = new URL(ctx.baseURL).origin;
  context.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob):/.test(url)) return;
    if (new URL(url).origin !== origin) ctx.foreignRequests.push(url);
  });
}

function watchPage(page, ctx) {
  page.on('pageerror', (error) => ctx.pageErrors.push(`pageerror: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') ctx.pageErrors.push(`console.error: ${msg.text()}`);
  });
}

/** Texts of all elements matching `selector` (trimmed). */
export async function texts(page, selector) {
  return page.locator(selector).allTextContents().then((all) => all.map((t) => t.trim()));
}

/** The data-tile codes of the tiles inside `selector`, in document order. */
export async function tilesIn(page, selector) {
  return page.locator(`${selector} [data-tile]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')));
}

/** Hand codes in compact notation (`123m0p`) → ['1m','2m','3m','0p']. */
export function codes(notation) {
  const out = [];
  let digits = '';
  for (const ch of notation.replace(/\s+/g, '')) {
    if (/[0-9]/.test(ch)) digits += ch;
    else {
      for (const d of digits) out.push(`${d}${ch}`);
      digits = '';
    }
  }
  return out;
}
