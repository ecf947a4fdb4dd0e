// `npm run eval -- --only browser`: does the app in the browser read what Node reads? Every other figure of
// `npm run eval` is measured in Node (sharp decodes, sharp makes the localiser's input), while players use the app,
// where Chromium decodes and its canvas draws the localiser's input and the tile band (src/worker/bitmap-source.ts).
// The pictures differ by about half a level of 255 on average; this measures what that does to the readings.
//
// Each photo is first made the size of a phone's (12 MP JPEG, as `npm run bench` does), then read by both: by the
// Node pipeline as `riichi-lens recognize` reads it, and by the production build (dist/, `vite preview`) in headless
// Chromium through the Photo screen's file input, the tiles taken from the review strip. Reported: photos read the
// same, and per-tile accuracy and exact hands of each against the true rows, with the photos that differ.

import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium } from 'playwright-core';
import { scoreRow } from '../vision/align.ts';
import { CHROMIUM, CHROMIUM_ARGS, root, startPreview, tileReaderReady } from './previewServer.ts';

export interface BrowserSample {
  name: string;
  file: string;
  truth: string[];
}

export interface BrowserAgreement {
  photos: number;
  same: number;
  node: { correct: number; exact: number };
  browser: { correct: number; exact: number };
  trueTiles: number;
  differ: { name: string; node: string[]; browser: string[]; truth: string[] }[];
}

/**
 * Photo size the samples are brought to, as a phone's camera takes them. (The browser bench's fixture,
 * tests/e2e/capture-fixtures.mjs make12MpJpeg, rounds the sides otherwise: with it Node reads one
 * exact hand fewer of the 114, so the figures in models/README.md keep this scaling.)
 */
const PHONE_PIXELS = 12e6;

async function toPhoneSize(samples: readonly BrowserSample[], dir: string): Promise<BrowserSample[]> {
  const out: BrowserSample[] = [];
  for (const [k, s] of samples.entries()) {
    const meta = await sharp(s.file).metadata();
    const scale = Math.sqrt(PHONE_PIXELS / ((meta.width ?? 1) * (meta.height ?? 1)));
    const file = path.join(dir, `${String(k).padStart(3, '0')}.jpg`);
    await sharp(s.file).rotate().resize(Math.round((meta.width ?? 1) * scale), Math.round((meta.height ?? 1) * scale), { kernel: 'lanczos3' }).jpeg({ quality: 90 }).toFile(file);
    out.push({ ...s, file });
  }
  return out;
}

/** The tiles the app's review strip shows for each photo, in order (empty where it found none). */
async function readInBrowser(samples: readonly BrowserSample[]): Promise<string[][]> {
  if (!existsSync(path.join(root, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first');
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`);
  const { baseURL, stop } = await startPreview();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    await page.goto(`${baseURL}/#/photo`);
    await tileReaderReady(page);
    const read: string[][] = [];
    for (const s of samples) {
      await page.locator('[data-testid=capture][data-stage=start]').waitFor({ timeout: 60_000 });
      await page.locator('[data-testid=file-input]').setInputFiles(s.file);
      await page.locator('[data-testid=review-tile], [data-testid=no-tiles], [role=alert]').first().waitFor({ timeout: 60_000 });
      read.push(await page.locator('[data-testid=review-strip] [data-testid=review-tile] [data-tile]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tile') ?? '?')));
      const retake = page.locator('[data-testid=retake]');
      if (await retake.count()) await retake.first().click();
      else await page.goto(`${baseURL}/#/photo`);
    }
    return read;
  } finally {
    await browser.close();
    stop();
  }
}

/**
 * Reads `samples` at phone size in Node (`readInNode`, the eval's own recognition with default options) and in the
 * app in Chromium, and compares both with the truth.
 */
export async function browserAgreement(samples: readonly BrowserSample[], readInNode: (file: string) => Promise<string[]>): Promise<BrowserAgreement> {
  const dir = await mkdtemp(path.join(tmpdir(), 'riichi-lens-browser-eval-'));
  try {
    const phone = await toPhoneSize(samples, dir);
    const node: string[][] = [];
    for (const s of phone) node.push(await readInNode(s.file));
    const browser = await readInBrowser(phone);
    const report: BrowserAgreement = { photos: phone.length, same: 0, node: { correct: 0, exact: 0 }, browser: { correct: 0, exact: 0 }, trueTiles: 0, differ: [] };
    phone.forEach((s, k) => {
      const n = scoreRow(node[k]!, s.truth);
      const b = scoreRow(browser[k]!, s.truth);
      report.trueTiles += s.truth.length;
      report.node.correct += n.correct;
      report.node.exact += Number(n.exact);
      report.browser.correct += b.correct;
      report.browser.exact += Number(b.exact);
      if (node[k]!.join(' ') === browser[k]!.join(' ')) report.same++;
      else report.differ.push({ name: s.name, node: node[k]!, browser: browser[k]!, truth: s.truth });
    });
    return report;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function printBrowserAgreement(r: BrowserAgreement, verbose: boolean): void {
  const pct = (n: number) => `${((100 * n) / Math.max(1, r.trueTiles)).toFixed(1)}%`;
  console.log(`  read the same in both: ${r.same} of ${r.photos} photos`);
  console.log(`  per tile: Node ${pct(r.node.correct)}, browser ${pct(r.browser.correct)} (${r.trueTiles} true tiles); exact hands: Node ${r.node.exact}, browser ${r.browser.exact} of ${r.photos}`);
  if (!verbose) return;
  for (const d of r.differ) {
    console.log(`    ${d.name}`);
    console.log(`      Node    ${d.node.join(' ') || '(none)'}`);
    console.log(`      browser ${d.browser.join(' ') || '(none)'}`);
    console.log(`      true    ${d.truth.join(' ')}`);
  }
}
