// Recurring schedules: `every 30s` / `every 5m` / `every 2h` (slots aligned on the epoch) or a
// five-field cron line in UTC (`m h dom mon dow`; `*`, `*/n`, `a-b`, `a-b/n`, lists). A slot is
// the start of the period a run belongs to; each engine enqueues a schedule's job once per slot
// (a conditional update of job_schedules.last_slot, so many instances fire it once).
// A slot missed while no process ran is not made up.
import { ValidationError } from '../errors.ts';

export interface ParsedSchedule {
  /** The slot `nowMs` falls in (ms since the epoch), or null when this moment is in none (cron). */
  slotAt(nowMs: number): number | null;
  /** The start of the first slot after `nowMs`, or null when none comes within a year (cron). */
  nextAfter(nowMs: number): number | null;
}

const YEAR_MINUTES = 366 * 24 * 60;

const EVERY = /^every\s+(\d{1,7})\s*(s|m|h)$/i;
const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };
const FIELDS: [number, number][] = [[0, 59], [0, 23], [1, 31], [1, 12], [0, 7]];

function invalid(spec: string): ValidationError {
  return new ValidationError({ schedule: [`"${spec}" is not "every N(s|m|h)" or a five-field cron line`] });
}

function parseField(text: string, [min, max]: [number, number], spec: string): Set<number> {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw invalid(spec);
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) throw invalid(spec);
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

export function parseSchedule(spec: string): ParsedSchedule {
  const every = EVERY.exec(spec.trim());
  if (every) {
    const periodMs = Number(every[1]) * UNIT_MS[every[2]!.toLowerCase()]!;
    if (periodMs < 1000) throw invalid(spec);
    return {
      slotAt: (nowMs) => Math.floor(nowMs / periodMs) * periodMs,
      nextAfter: (nowMs) => (Math.floor(nowMs / periodMs) + 1) * periodMs,
    };
  }
  const parts = spec.trim().split(/\s+/);
  if (parts.length !== 5) throw invalid(spec);
  const [minutes, hours, days, months, weekdays] = parts.map((part, index) => parseField(part, FIELDS[index]!, spec));
  if (weekdays!.has(7)) weekdays!.add(0);
  const dayAny = parts[2] === '*';
  const weekdayAny = parts[4] === '*';
  const schedule: ParsedSchedule = {
    nextAfter(nowMs) {
      const first = (Math.floor(nowMs / 60_000) + 1) * 60_000;
      for (let minute = 0; minute < YEAR_MINUTES; minute += 1) {
        const at = first + minute * 60_000;
        if (schedule.slotAt(at) !== null) return at;
      }
      return null;
    },
    slotAt(nowMs) {
      const at = new Date(Math.floor(nowMs / 60_000) * 60_000);
      const dayOk = days!.has(at.getUTCDate());
      const weekdayOk = weekdays!.has(at.getUTCDay());
      // Cron's rule: when both day fields are restricted, either may match.
      const dateOk = dayAny || weekdayAny ? dayOk && weekdayOk : dayOk || weekdayOk;
      const ok = minutes!.has(at.getUTCMinutes()) && hours!.has(at.getUTCHours()) && months!.has(at.getUTCMonth() + 1) && dateOk;
      return ok ? at.getTime() : null;
    },
  };
  return schedule;
}
