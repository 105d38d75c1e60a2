// The next times a schedule (jobs/schedule.ts syntax) fires, for the plan list and the plan form.
import { parseSchedule } from '../../jobs/schedule.ts';

const EVERY = /^every\s+(\d{1,7})\s*(s|m|h)$/i;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };
/** How far ahead a cron line is searched (a 29 February line fires within four years). */
const HORIZON_MS = 4 * 366 * 86_400_000;

/** The next `count` slots strictly after `nowMs`, as ISO strings; throws the parser's 422 for a bad spec. */
export function nextRuns(spec: string, nowMs: number, count = 3): string[] {
  const parsed = parseSchedule(spec);
  const every = EVERY.exec(spec.trim());
  const out: string[] = [];
  if (every) {
    const periodMs = Number(every[1]) * UNIT_MS[every[2]!.toLowerCase()]!;
    let at = Math.floor(nowMs / periodMs) * periodMs;
    while (out.length < count) {
      at += periodMs;
      out.push(new Date(at).toISOString());
    }
    return out;
  }
  const end = nowMs + HORIZON_MS;
  for (let at = Math.floor(nowMs / 60_000) * 60_000 + 60_000; at <= end && out.length < count; at += 60_000) {
    const slot = parsed.slotAt(at);
    if (slot !== null) out.push(new Date(slot).toISOString());
  }
  return out;
}
