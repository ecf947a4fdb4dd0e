// Takes docs/screenshot.png of the production build (run `npm run build` first):
//   node scripts/screenshot.mjs [hash] [out.png] [width] [lang]
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/e2e/harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const hash = process.argv[2] ?? '#/hand?c=234m067p3455s66z&w=6z&m=pon:777z:1&d=2m&h=1&sw=E';
const out = resolve(root, process.argv[3] ?? 'docs/screenshot.png');
const width = Number(process.argv[4] ?? 1100);
const lang = process.argv[5] ?? 'en';
const port = 4000 + Math.floor(Math.random() * 1000);
const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore' });
try {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const { context, close } = await launchChromium();
  const page = context.pages()[0] ?? (await context.newPage());
  await page.setViewportSize({ width, height: 900 });
  await page.addInitScript((l) => localStorage.setItem('riichi-lens.lang', l), lang);
  await page.goto(`http://127.0.0.1:${port}/${hash}`);
  await page.locator('[data-testid=result]').waitFor();
  await page.waitForTimeout(800);
  mkdirSync(dirname(out), { recursive: true });
  await page.screenshot({ path: out, fullPage: true });
  await close();
  console.log(`wrote ${out}`);
} finally {
  server.kill();
}
