// Regenerates the phone screenshots in docs/ from the production build (run `npm run build` first):
//   node scripts/screenshots.mjs            → docs/screenshots/<screen>-<width>.png at 360 and 412 px, and
//                                             <screen>-412-dark.png in the phone's dark mode
// Screens: Photo (first screen), review of a test photo, Hand with its result, Ledger (a game started),
// Practice. The review reads test-images/hand08_sanshoku.jpg with the real models, as a player's photo.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '../tests/e2e/harness.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'docs', 'screenshots');
const PHOTO = join(root, 'test-images', 'hand08_sanshoku.jpg');
const HAND = '#/hand?c=234m067p55s66z&w=6z&m=pon:777z:1&d=2m&h=1&sw=E&r=1';
const VIEWPORTS = [
  { width: 360, height: 780, colorScheme: 'light' },
  { width: 412, height: 915, colorScheme: 'light' },
  { width: 412, height: 915, colorScheme: 'dark', suffix: '-dark' },
];

const port = 4000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['node_modules/vite/bin/vite.js', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], { cwd: root, stdio: 'ignore' });

async function shoot(page, name, viewport) {
  await page.waitForTimeout(600);
  const path = join(outDir, `${name}-${viewport.width}${viewport.suffix ?? ''}.png`);
  await page.screenshot({ path });
  console.log(`wrote ${path}`);
}

try {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  mkdirSync(outDir, { recursive: true });
  for (const viewport of VIEWPORTS) {
    const { context, close } = await launchChromium();
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.emulateMedia({ colorScheme: viewport.colorScheme });
      await page.addInitScript(() => localStorage.setItem('riichi-lens.lang', 'en'));
      // Photo: the first screen, once the tile reader is ready.
      await page.goto(`${base}/`);
      await page.locator('[data-testid=model-status][data-status=ready]').waitFor({ timeout: 180_000 });
      await shoot(page, 'photo', viewport);
      // Review of a photo.
      await page.locator('[data-testid=file-input]').setInputFiles(PHOTO);
      await page.locator('[data-testid=review-tile]').first().waitFor({ timeout: 180_000 });
      await shoot(page, 'review', viewport);
      // Hand with its result (what "Use this hand" opens on).
      await page.locator('[data-testid=confirm-hand]').click();
      await page.locator('[data-testid=score]').waitFor();
      await shoot(page, 'hand-result', viewport);
      await page.goto(`${base}/${HAND}`);
      await page.locator('[data-testid=score]').waitFor();
      await shoot(page, 'hand-result-counters', viewport);
      // Ledger with a game started.
      await page.locator('nav button[data-screen="ledger"]').click();
      const names = ['Aiko', 'Bruno', 'Chloé', 'Dmitri'];
      for (let i = 0; i < 4; i++) await page.locator(`[data-testid=player-name-${i}]`).fill(names[i]);
      await page.locator('[data-testid=start-game]').click();
      await page.locator('[data-testid=ledger-status]').waitFor();
      await shoot(page, 'ledger', viewport);
      // Practice.
      await page.locator('nav button[data-screen="practice"]').click();
      await page.locator('[data-testid=practice-question]').waitFor();
      await shoot(page, 'practice', viewport);
    } finally {
      await close();
    }
  }
} finally {
  server.kill();
}
