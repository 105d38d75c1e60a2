// One measurement in a fresh process, so memory figures do not mix: parse FILE with PARSER
// ITERATIONS times and print {msMedian, msMin, rssBeforeKb, maxRssKb} as JSON.
import { createRequire } from 'node:module';
import { inspect } from '../packages/appinfo/src/inspect.ts';

const [parserName, file, iterationsText] = process.argv.slice(2);
const iterations = Number(iterationsText ?? 20);
const require = createRequire(import.meta.url);

type Parse = () => Promise<unknown>;
let parse: Parse;
if (parserName === 'tarmac') {
  parse = () => inspect(file!);
} else if (parserName === 'app-info-parser') {
  const AppInfoParser = require('app-info-parser') as new (file: string) => { parse(): Promise<unknown> };
  parse = () => new AppInfoParser(file!).parse();
} else {
  throw new Error(`unknown parser ${parserName}`);
}

// Warm up (JIT, module caches), then measure.
await parse();
global.gc?.();
const rssBeforeKb = Math.round(process.memoryUsage().rss / 1024);
const times: number[] = [];
for (let i = 0; i < iterations; i++) {
  const start = process.hrtime.bigint();
  await parse();
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
}
times.sort((a, b) => a - b);
process.stdout.write(
  JSON.stringify({ msMedian: times[Math.floor(times.length / 2)], msMin: times[0], rssBeforeKb, maxRssKb: process.resourceUsage().maxRSS }) + '\n',
);
