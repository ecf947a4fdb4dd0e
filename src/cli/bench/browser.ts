// Photo to score in the browser (issue 5): headless Debian Chromium against the production build (dist/, served by
// `vite preview` with COOP/COEP, so wasm runs multi-threaded as on a real deployment).
// - model first load: a fresh profile opens the Photo screen; time from the load call to a ready recogniser,
//   downloads of the wasm runtime and models included (cold), then again after a reload (from the offline cache);
// - file set → tiles shown: a 12-megapixel JPEG of a project test image is set on the file input, time between
//   the app's performance marks `riichi-lens:photo-set` (change event) and `riichi-lens:tiles-shown` (the frame
//   after the review renders), median over several runs; with the worker's decode and recognition times.
// Goal: under 1.5 s median. Builds dist/ first when missing. `npm run bench` or `npx tsx src/cli/bench/browser.ts`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS, median, root, startPreview, tileReaderReady } from '../previewServer.ts';
import { chromium, type Page } from 'playwright-core';

const RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 7);
const GOAL_MS = 1500;

async function modelReady(page: Page): Promise<{ loadMs: number; downloadMs: number; sessionMs: number; threads: number; fromCache: boolean }> {
  const status = await tileReaderReady(page);
  return {
    loadMs: Number(await status.getAttribute('data-load-ms')),
    downloadMs: Number(await status.getAttribute('data-download-ms')),
    sessionMs: Number(await status.getAttribute('data-session-ms')),
    threads: Number(await status.getAttribute('data-threads')),
    fromCache: (await status.getAttribute('data-from-cache')) === 'true',
  };
}

/** Time between the last `photo-set` and `tiles-shown` marks. */
async function lastMeasure(page: Page): Promise<number> {
  await page.waitForFunction(() => {
    const set = performance.getEntriesByName('riichi-lens:photo-set').at(-1);
    const shown = performance.getEntriesByName('riichi-lens:tiles-shown').at(-1);
    return Boolean(set && shown && shown.startTime > set.startTime);
  }, undefined, { timeout: 60_000 });
  return page.evaluate(() => {
    const set = performance.getEntriesByName('riichi-lens:photo-set').at(-1)!;
    const shown = performance.getEntriesByName('riichi-lens:tiles-shown').at(-1)!;
    return shown.startTime - set.startTime;
  });
}

export async function bench(): Promise<void> {
  if (!existsSync(join(root, 'dist/index.html'))) {
    console.log('browser: dist/ missing, running `npm run build` first…');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}`);
  const { testImages, make12MpJpeg } = (await import(join(root, 'tests/e2e/capture-fixtures.mjs'))) as {
    testImages(): { file: string; hand: string }[];
    make12MpJpeg(file: string): Promise<{ path: string; width: number; height: number }>;
  };
  const source = testImages().find((t) => t.file.includes('tanyao')) ?? testImages()[0];
  if (!source) throw new Error('no labelled test image in test-images/');
  const photo = await make12MpJpeg(source.file);

  const { baseURL, stop } = await startPreview();
  const userDataDir = mkdtempSync(join(tmpdir(), 'riichi-lens-bench-'));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: { width: 1000, height: 900 } });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${baseURL}/#/photo`);
      const cold = await modelReady(page);
      await page.reload();
      const warm = await modelReady(page);
      const isolated = await page.evaluate(() => crossOriginIsolated);

      const times: number[] = [];
      const decode: number[] = [];
      const recognize: number[] = [];
      const steps: Record<string, number>[] = [];
      let tiles = 0;
      for (let run = 0; run < RUNS; run++) {
        await page.locator('[data-testid=capture][data-stage=start]').waitFor();
        await page.locator('[data-testid=file-input]').setInputFiles(photo.path);
        times.push(await lastMeasure(page));
        const section = page.locator('[data-testid=capture]');
        decode.push(Number(await section.getAttribute('data-decode-ms')));
        recognize.push(Number(await section.getAttribute('data-recognize-ms')));
        steps.push(JSON.parse((await section.getAttribute('data-timings')) ?? '{}') as Record<string, number>);
        tiles = await page.locator('[data-testid=review-box]').count();
        await page.locator('[data-testid=retake]').click();
      }
      const ms = (n: number) => `${Math.round(n)} ms`;
      console.log(`browser (headless Chromium ${context.browser()?.version() ?? ''}, production build, cross-origin isolated: ${isolated}, wasm threads: ${cold.threads}):`);
      console.log(`  model first load (fresh profile): ${ms(cold.loadMs)} = download of runtime + models ${ms(cold.downloadMs)} + onnxruntime start and both sessions, after the last file ${ms(cold.sessionMs)}`);
      console.log(`  model load on a later visit (from the offline cache: ${warm.fromCache}): ${ms(warm.loadMs)} = cache read ${ms(warm.downloadMs)} + start and sessions, after the last file ${ms(warm.sessionMs)}`);
      console.log(`  12 MP photo (${photo.width}×${photo.height} JPEG of ${source.file.split('/').pop()}), file set → ${tiles} tiles shown, ${RUNS} runs:`);
      console.log(`    median ${ms(median(times))} (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}) — goal < ${GOAL_MS} ms: ${median(times) < GOAL_MS ? 'met' : 'NOT met'}`);
      console.log(`    in the worker: decode + EXIF orientation median ${ms(median(decode))}, recognition (localiser + crops + classifier) median ${ms(median(recognize))}`);
      const step = (k: string) => ms(median(steps.map((t) => t[k] ?? 0)));
      console.log(`    recognition steps (medians): localiser input ${step('resizeMs')}, localiser ${step('localizeMs')}, crops ${step('cropMs')}, classifier ${step('classifyMs')}`);
      const load = (await import('node:os')).loadavg()[0]!;
      console.log(`    machine load average during the run: ${load.toFixed(1)} on ${(await import('node:os')).cpus().length} cores (figures scale with contention)`);
    } finally {
      await context.close().catch(() => undefined);
    }
  } finally {
    stop();
    rmSync(userDataDir, { recursive: true, force: true });
    rmSync(dirname(photo.path), { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bench();
}
