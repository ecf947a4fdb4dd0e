// What the browser benches (bench/browser.ts, bench/live.ts) and the browser eval (evalBrowser.ts) share: Debian's
// Chromium and its flags, the production build (dist/) served by `vite preview` (COOP/COEP, so wasm can run
// multi-threaded as on a real deployment) on a free localhost port, and waiting for the app's tile reader.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const median = (v: number[]): number => {
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length ? (s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2) : NaN;
};

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });
}

async function waitFor(url: string, ms = 30_000): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not answer at ${url}`);
}

/** `vite preview` of dist/ on a free port, answering; `stop()` ends it. */
export async function startPreview(): Promise<{ baseURL: string; stop: () => void }> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Vite versions with a one-server-per-project lock need --bypass-lock to run beside a dev server; older ones reject it.
  const viteCli = readFileSync(join(root, 'node_modules/vite/dist/node/cli.js'), 'utf8');
  const lockFlag = viteCli.includes('bypass-lock') ? ['--bypass-lock'] : [];
  const server = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort', ...lockFlag], {
    cwd: root,
    stdio: 'ignore',
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  try {
    await waitFor(baseURL);
  } catch (e) {
    stop();
    throw e;
  }
  return { baseURL, stop };
}

/**
 * Waits until the Photo screen's tile reader is ready and returns its status element (its data-* attributes carry
 * the load timings); throws with the app's own message when the model failed to load, instead of timing out.
 */
export async function tileReaderReady(page: Page): Promise<Locator> {
  const status = page.locator('[data-testid=model-status][data-status=ready]');
  const failed = page.locator('[data-testid=model-status][data-status=failed]');
  await status.or(failed).waitFor({ timeout: 180_000 });
  if (await failed.count()) throw new Error(`the model did not load in the browser: ${await failed.textContent()}`);
  return status;
}
