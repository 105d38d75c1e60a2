// Zealot's web hooks → Tarmac webhooks. A hook whose URL shows a chat service (Slack, Discord,
// Feishu/Lark, DingTalk, WeCom, Teams) becomes that preset, any other the generic JSON hook; its
// upload/download/changelog switches become those events. The URL is checked and sealed by the
// webhooks module's own prepareHook. Zealot's custom `body` is a Jbuilder (Ruby) template that
// Tarmac's {{…}} templates cannot mean the same as: it is dropped, reported. A hook firing for
// one channel becomes that channel's hook; for several (web_hooks.channel_id plus
// channels_web_hooks), one shared hook attached to each. Each channels_web_hooks row is reported
// with its hook.
import { ValidationError } from '../../../errors.ts';
import type { ImportContext, ImportStep, WebhookSealing } from '../context.ts';
import { joinId } from '../map.ts';
import type { ZealotRow } from '../source/types.ts';
import { firstError, hookEvents, integer, providerFromUrl, text, timestamp } from './fns.ts';
import { eachRow, notes, parentRefused, record, settle } from './rows.ts';
import type { RowResult } from './rows.ts';

const JOIN = 'channels_web_hooks';
const LABELS: Record<string, string> = {
  slack: 'Slack', discord: 'Discord', feishu: 'Feishu', dingtalk: 'DingTalk', wecom: 'WeCom', teams: 'Teams', json: 'Webhook',
};

interface JoinRow {
  /** The join row's id in the import map, in the table's key order. */
  key: string;
  channelId: number;
}

/** channels_web_hooks by hook (a join table: small enough to hold). */
async function joinRows(ctx: ImportContext): Promise<Map<number, JoinRow[]>> {
  const byHook = new Map<number, JoinRow[]>();
  if ((await ctx.source.columns(JOIN)).length === 0) return byHook;
  const keyColumns = await ctx.source.keyColumns(JOIN);
  for await (const row of ctx.source.rows(JOIN)) {
    const hookId = integer(row.web_hook_id);
    const channelId = integer(row.channel_id);
    if (hookId === null || channelId === null) continue;
    const [a, b] = keyColumns.map((column) => integer(row[column]));
    const list = byHook.get(hookId) ?? [];
    list.push({ key: joinId(a!, b!), channelId });
    byHook.set(hookId, list);
  }
  return byHook;
}

/**
 * The Tarmac channels a hook fires for, the Zealot channels that were not imported, and whether one
 * of those has no import-map entry yet (its write failed this run: the hook waits for the next run).
 */
interface Targets {
  ids: number[];
  missing: number[];
  pending: boolean;
}

async function targets(ctx: ImportContext, row: ZealotRow, joins: JoinRow[]): Promise<Targets> {
  const named = [integer(row.channel_id), ...joins.map((join) => join.channelId)];
  const zealotIds = [...new Set(named.filter((id): id is number => id !== null))];
  const ids: number[] = [];
  const missing: number[] = [];
  let pending = false;
  for (const zealotId of zealotIds) {
    const entry = await ctx.map.get('channels', zealotId);
    if (entry === null) pending = true;
    if (entry?.targetId == null) missing.push(zealotId);
    else if (!ids.includes(entry.targetId)) ids.push(entry.targetId);
  }
  return { ids, missing, pending };
}

type PreparedValues = Awaited<ReturnType<typeof prepareValues>>;
type Prepared = { values: PreparedValues } | { refused: string };

async function prepare(sealing: WebhookSealing, row: ZealotRow, id: string): Promise<Prepared> {
  try {
    return { values: await prepareValues(sealing, row, id) };
  } catch (error) {
    if (error instanceof ValidationError) return { refused: firstError(error.details) };
    throw error;
  }
}

async function prepareValues(sealing: WebhookSealing, row: ZealotRow, id: string) {
  const { prepareHook } = await import('../../webhooks/input.ts');
  const url = text(row.url)?.trim() ?? '';
  const provider = providerFromUrl(url);
  return prepareHook({ name: `${LABELS[provider]} (Zealot hook ${id})`, provider, url, events: hookEvents(row), enabled: true }, null, sealing.box,
    sealing.policy);
}

/** What became of a hook and of each of its channels_web_hooks rows. */
interface HookResult {
  hook: RowResult;
  joins: { key: string; result: RowResult }[];
}

/** The outcome of a join row: "parent refused" when its channel or its hook was not imported, else imported. */
function joinResult(join: JoinRow, hookId: string, hook: RowResult, missing: number[]): RowResult {
  if (missing.includes(join.channelId)) return parentRefused('channel', join.channelId);
  if (hook.outcome === 'refused') return parentRefused('web hook', Number(hookId));
  return hook.outcome === 'imported' ? { outcome: 'imported' } : hook;
}

async function writeHook(ctx: ImportContext, row: ZealotRow, id: string, joins: JoinRow[], decided: {
  hook: RowResult; ids: number[]; missing: number[]; values?: PreparedValues;
}): Promise<HookResult> {
  const results = joins.map((join) => ({ key: join.key, result: joinResult(join, id, decided.hook, decided.missing) }));
  const { ids, values } = decided;
  const stamp = ctx.now();
  const shared = ids.length > 1;
  const hook = await ctx.transaction(async (trx) => {
    let hookId: number | null = null;
    if (values) {
      const inserted = await trx.insertInto('webhooks').values({
        ...values, scope: shared ? 'shared' : 'channel', channel_id: shared ? null : ids[0]!, secret: null, created_by: null,
        created_at: timestamp(row.created_at) ?? stamp, updated_at: stamp,
      }).returning('id').executeTakeFirstOrThrow();
      hookId = inserted.id;
      if (shared) {
        await trx.insertInto('webhook_channels').values(ids.map((channelId) => ({ webhook_id: inserted.id, channel_id: channelId, created_at: stamp })))
          .execute();
      }
    }
    for (const { key, result } of results) await record(ctx, trx, JOIN, key, result.outcome === 'imported' ? hookId : null, result);
    return record(ctx, trx, 'web_hooks', id, hookId, decided.hook);
  });
  return { hook, joins: results };
}

async function importHook(ctx: ImportContext, row: ZealotRow, id: string, joins: JoinRow[]): Promise<HookResult> {
  if (!ctx.webhooks) {
    // Not recorded in the map: a later run given the key imports the hook.
    const hook: RowResult = { outcome: 'skipped', reason: 'the import was not given Tarmac\'s secret key to seal hook URLs with' };
    return { hook, joins: joins.map((join) => ({ key: join.key, result: hook })) };
  }
  const { ids, missing, pending } = await targets(ctx, row, joins);
  if (pending) {
    const hook: RowResult = { outcome: 'refused', reason: 'a channel it fires for was not written in this run: run the import again to bring it' };
    return { hook, joins: joins.map((join) => ({ key: join.key, result: hook })) };
  }
  if (ids.length === 0) {
    const hook: RowResult = missing.length === 0
      ? { outcome: 'refused', reason: 'it fires for no channel' }
      : missing.length > 1
        ? { outcome: 'refused', reason: `parent refused: channels ${missing.join(', ')} were not imported` }
        : parentRefused('channel', missing[0]!);
    return writeHook(ctx, row, id, joins, { hook, ids, missing });
  }
  const prepared = await prepare(ctx.webhooks, row, id);
  if ('refused' in prepared) return writeHook(ctx, row, id, joins, { hook: { outcome: 'refused', reason: prepared.refused }, ids, missing });
  const body = text(row.body)?.trim() ? 'its custom body (a Zealot Jbuilder template) was dropped: Tarmac sends the preset\'s message' : undefined;
  const partly = missing.length > 0 ? `channels ${missing.join(', ')} were not imported: the hook fires for the others` : undefined;
  const hook: RowResult = { outcome: 'imported', reason: notes(body, partly) };
  return writeHook(ctx, row, id, joins, { hook, ids, missing, values: prepared.values });
}

export const hooksStep: ImportStep = {
  tables: ['web_hooks', JOIN],
  async run(ctx) {
    const byHook = await joinRows(ctx);
    const reported = new Set<string>();
    await eachRow(ctx, 'web_hooks', async (row, id) => {
      const fresh: JoinRow[] = [];
      for (const join of byHook.get(Number(id)) ?? []) if (!(await ctx.map.get(JOIN, join.key))) fresh.push(join);
      const { hook, joins } = await importHook(ctx, row, id, fresh);
      for (const { key, result } of joins) {
        reported.add(key);
        ctx.report.row(JOIN, key, result.outcome, result.outcome === 'imported' ? undefined : result.reason);
      }
      return hook;
    });
    // The join rows not reported above: an earlier run's, or naming a hook Zealot no longer has.
    for (const [hookId, joins] of byHook) {
      for (const join of joins) {
        if (reported.has(join.key)) continue;
        if (await ctx.map.get(JOIN, join.key)) ctx.report.row(JOIN, join.key, 'already');
        else ctx.report.row(JOIN, join.key, 'refused', (await settle(ctx, JOIN, join.key, parentRefused('web hook', hookId))).reason);
      }
    }
  },
};
