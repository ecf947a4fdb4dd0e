// Photo to score in the browser (issue 5): headless Debian Chromium against the production build (dist/, served by
// `vite preview` with COOP/COEP, so wasm runs multi-threaded as on a real deployment).
// - model first load: a fresh profile opens the Photo screen; time from the load call to a ready recogniser,
//   downloads of the wasm runtime and models included (cold), then again after a reload (from the offline cache);
// - file set → tiles shown: a 12-megapixel JPEG of a project test image is set on the file input, time between
//   the app's performance marks `riichi-lens:photo-set` (change event) and `riichi-lens:tiles-shown` (the frame
//   after the review renders), median over several runs; with the worker's decode and recognition times;
// - the same once each for a 50 MP and a 200 MP JPEG (phone cameras at full resolution, read at a quarter or a
//   sixteenth of their pixels, src/worker/image-input.ts), with how much Chromium's memory rose meanwhile.
// Goal: under 1.5 s median (12 MP). Builds dist/ first when missing. `npm run bench` or `npx tsx src/cli/bench/browser.ts`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS, median, root, startPreview, tileReaderReady } from '../previewServer.ts';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';

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

/** Resident memory of every Chromium process together, in MB (Linux's /proc; 0 where there is none). */
function chromiumMemoryMb(): number {
  if (!existsSync('/proc/self/status')) return 0;
  let kb = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chromium')) continue;
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return kb / 1024;
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
      // Phone cameras at full resolution (refused over 50 MP before; showing one in an <img> took Chromium 0.6-1.8 GB).
      for (const [width, height] of [[8160, 6144], [16320, 12240]] as const) {
        const big = join(dirname(photo.path), `hand-${width}x${height}.jpg`);
        await sharp(source.file, { limitInputPixels: false }).rotate().resize(width, height, { fit: 'fill' }).jpeg({ quality: 90 }).toFile(big);
        await page.locator('[data-testid=capture][data-stage=start]').waitFor();
        await page.waitForTimeout(1000);
        const before = chromiumMemoryMb();
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, chromiumMemoryMb())), 20);
        await page.locator('[data-testid=file-input]').setInputFiles(big);
        const took = await lastMeasure(page);
        await page.waitForTimeout(1000);
        clearInterval(sampler);
        const found = await page.locator('[data-testid=review-box]').count();
        console.log(`  ${((width * height) / 1e6).toFixed(0)} MP photo (${width}×${height} JPEG), file set → ${found} tiles shown: ${ms(took)}; Chromium's memory rose by ${Math.round(peak - before)} MB`);
        await page.locator('[data-testid=retake]').click();
      }
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
