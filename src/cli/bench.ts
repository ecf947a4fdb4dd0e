// `npm run bench`: runs every benchmark module in ./bench/ (each exports `async function bench(): Promise<void>`
// that prints its own figures). A module that fails prints its error and the others still run.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'bench');
const only = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.endsWith('.d.ts'))
  .sort();
const names = all.map((f) => f.replace(/\.[^.]+$/, ''));
const usage = `Usage: npm run bench [-- NAME...]   every benchmark, or only those named: ${names.join(', ')}`;
if (only.includes('--help') || only.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
const unknown = only.filter((n) => !names.includes(n));
if (unknown.length) {
  console.error(`npm run bench: no benchmark named ${unknown.map((n) => `"${n}"`).join(', ')}\n${usage}`);
  process.exit(2);
}
const files = all.filter((f) => only.length === 0 || only.includes(f.replace(/\.[^.]+$/, '')));
let failed = 0;
for (const f of files) {
  const name = f.replace(/\.[^.]+$/, '');
  console.log(`\n== bench: ${name} ==`);
  try {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as { bench?: () => Promise<void> };
    if (typeof mod.bench !== 'function') throw new Error(`${f} does not export bench()`);
    await mod.bench();
  } catch (e) {
    failed++;
    console.error(`bench ${name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
  }
}
console.log(`\n${files.length - failed}/${files.length} bench modules ran${failed ? `, ${failed} failed` : ''}.`);
process.exitCode = failed ? 1 : 0;
