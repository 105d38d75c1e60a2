// The audit log's core (modules/audit): a line keeps who, what, which thing, from where and the
// details with secrets masked; lines are read newest first with filters and word search, in
// batches for an export, and dropped once older than the retention. Runs on both engines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/clock.ts';
import { createAuditRepository } from '../src/modules/audit/repository.ts';
import { createAuditLog, maskSecrets } from '../src/modules/audit/service.ts';
import { engineUnderTest } from './helpers/database.ts';
import { openJobsDatabase } from './helpers/jobs.ts';
import type { JobsDatabase } from './helpers/jobs.ts';

let opened: JobsDatabase;
let nowMs = Date.parse('2026-11-28T10:00:00.000Z');
const clock: Clock = { now: () => new Date(nowMs).toISOString(), nowMs: () => nowMs };
const errors: unknown[] = [];
const log = { info: () => undefined, warn: () => undefined, error: (entry: unknown) => void errors.push(entry) };

beforeAll(async () => {
  opened = await openJobsDatabase();
});
afterAll(async () => {
  await opened.close();
});

describe(`audit log on ${engineUnderTest()}`, () => {
  it('records a line, masks secrets, filters, searches, batches and prunes', async () => {
    const auditRepository = createAuditRepository(opened.handle.db);
    const audit = createAuditLog({ auditRepository, clock, log });
    const alice = { id: null, name: 'alice', via: 'session' as const };
    await audit.record({
      action: 'token.create', actor: alice, target: { type: 'token', id: 7, name: 'CI 50%_token' },
      details: { name: 'CI', token: 'secret-value', nested: { password: 'p', kept: 1 } },
      origin: { ip: '203.0.113.9', userAgent: 'curl/8', requestId: 'req-1' },
    });
    nowMs += 60_000;
    await audit.record({ action: 'session.sign_in_failed', outcome: 'failure', actor: { id: null, name: 'mallory', via: 'anonymous' } });

    const all = await auditRepository.page({}, { page: 1, perPage: 10 });
    expect(all.total).toBe(2);
    expect(all.items.map((row) => row.action)).toEqual(['session.sign_in_failed', 'token.create']);
    const line = all.items[1]!;
    expect(line).toMatchObject({ actor_name: 'alice', actor_via: 'session', target_type: 'token', target_id: '7', ip: '203.0.113.9', request_id: 'req-1' });
    expect(JSON.parse(line.details)).toEqual({ name: 'CI', token: '[REDACTED]', nested: { password: '[REDACTED]', kept: 1 } });

    expect((await auditRepository.page({ outcome: 'failure' }, { page: 1, perPage: 10 })).items.map((row) => row.actor_name)).toEqual(['mallory']);
    expect((await auditRepository.page({ actions: ['token.create'] }, { page: 1, perPage: 10 })).total).toBe(1);
    // Words match anywhere, case-insensitively; LIKE's wildcards in the text match only themselves.
    expect((await auditRepository.page({ query: 'MALL' }, { page: 1, perPage: 10 })).total).toBe(1);
    expect((await auditRepository.page({ query: '50%_' }, { page: 1, perPage: 10 })).total).toBe(1);
    expect((await auditRepository.page({ query: '5_%' }, { page: 1, perPage: 10 })).total).toBe(0);
    expect((await auditRepository.page({ from: '2026-11-28T10:00:30.000Z' }, { page: 1, perPage: 10 })).total).toBe(1);
    expect((await auditRepository.page({}, { page: 2, perPage: 1 })).items.map((row) => row.action)).toEqual(['token.create']);

    const first = await auditRepository.batch({}, 0, 1);
    expect(first.map((row) => row.action)).toEqual(['token.create']);
    expect((await auditRepository.batch({}, first[0]!.id, 10)).map((row) => row.action)).toEqual(['session.sign_in_failed']);

    expect(await auditRepository.deleteBefore('2026-11-28T10:00:30.000Z')).toBe(1);
    expect((await auditRepository.page({}, { page: 1, perPage: 10 })).total).toBe(1);
    expect(errors).toEqual([]);
  });

  it('logs a line it cannot write instead of failing the action', async () => {
    const broken = { ...createAuditRepository(opened.handle.db), insert: async () => Promise.reject(new Error('disk full')) };
    const audit = createAuditLog({ auditRepository: broken, clock, log });
    await expect(audit.record({ action: 'user.delete', actor: { id: 1, name: 'root', via: 'cli' } })).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('masks secrets at any depth, in lists too', () => {
    expect(maskSecrets([{ api_key: 'k', list: [{ secret: 's' }] }, 'plain'])).toEqual([{ api_key: '[REDACTED]', list: [{ secret: '[REDACTED]' }] }, 'plain']);
  });
});
