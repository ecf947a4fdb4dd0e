#!/usr/bin/env node
// End-to-end runner: serves the production build (dist/) with `vite preview` on a free localhost port,
// runs every tests/e2e/*.e2e.mjs (and *.e2e.ts via tsx) spec in Debian's Chromium through playwright-core,
// prints `N passed, N failed`, exits non-zero on any failure, and always stops the server.
// Usage: node tests/e2e/run.mjs [filter...]   (filters match spec file names or test names)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CHROMIUM, makeContext, registry, setCurrentFile } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const filters = process.argv.slice(2);

function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForServer(url, child, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`vite preview did not answer at ${url} within ${timeoutMs} ms`);
}

function withTimeout(promise, ms, name) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${name}`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

async function main() {
  if (!existsSync(join(root, 'dist/index.html'))) {
    console.error('tests/e2e: dist/index.html is missing; run `npm run build` first.');
    console.log('0 passed, 1 failed');
    return 1;
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`tests/e2e: Chromium not found at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
    console.log('0 passed, 1 failed');
    return 1;
  }

  const specFiles = readdirSync(here)
    .filter((f) => /\.e2e\.(mjs|ts)$/.test(f))
    .sort();
  if (specFiles.some((f) => f.endsWith('.ts'))) {
    const { register } = await import('tsx/esm/api');
    register();
  }
  for (const file of specFiles) {
    setCurrentFile(file);
    await import(pathToFileURL(join(here, file)).href);
  }
  const selected = registry.filter(
    (t) => filters.length === 0 || filters.some((f) => t.file.includes(f) || t.name.includes(f)),
  );

  // Serve a snapshot of dist/, so a build started meanwhile (the working tree is shared) cannot change the app under test.
  const snapshot = mkdtempSync(join(tmpdir(), 'riichi-lens-dist-'));
  cpSync(join(root, 'dist'), snapshot, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'preview', '--outDir', snapshot, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let serverLog = '';
  server.stdout.on('data', (d) => (serverLog += d));
  server.stderr.on('data', (d) => (serverLog += d));
  const stopServer = () => {
    if (server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
    rmSync(snapshot, { recursive: true, force: true });
  };
  process.on('exit', stopServer);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      stopServer();
      process.exit(130);
    });
  }

  let passed = 0;
  let failed = 0;
  try {
    await waitForServer(baseURL, server);
    console.log(`tests/e2e: ${selected.length} test(s) from ${specFiles.length} spec file(s) against ${baseURL}`);
    for (const t of selected) {
      const ctx = makeContext(baseURL, snapshot);
      const started = Date.now();
      try {
        await withTimeout(t.fn(ctx), t.timeoutMs, t.name);
        passed++;
        console.log(`  ✓ ${t.file} › ${t.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        console.log(`  ✗ ${t.file} › ${t.name} (${Date.now() - started} ms)`);
        console.log(`    ${String(error?.stack ?? error).split('\n').slice(0, 6).join('\n    ')}`);
        if (ctx.pageErrors.length) console.log(`    page errors:\n      ${ctx.pageErrors.join('\n      ')}`);
      } finally {
        await ctx.dispose().catch(() => {});
      }
    }
  } catch (error) {
    failed++;
    console.log(`  ✗ runner: ${error?.message ?? error}`);
    if (serverLog) console.log(serverLog);
  } finally {
    stopServer();
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
