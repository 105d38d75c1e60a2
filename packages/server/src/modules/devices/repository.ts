// SQL for devices, and the one read of releases the UDID page needs. Plain rows; no rules.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database, DeviceRow, ReleaseRow } from '../../db/types.ts';
import { escapeLike, type Executor } from '../../db/executor.ts';
import { PROVISIONS_ALL_PATTERN } from './builds.ts';

export interface DeviceListFilter {
  query?: string | undefined;
}

/** What a device answers through /udid: its row's identity columns, and the signer of this answer. */
export type DeviceReport = Pick<DeviceRow, 'udid' | 'name' | 'product' | 'os_version' | 'serial' | 'imei'> & {
  /** SHA-256 (hex) of the certificate that signed this answer. */
  signer_fingerprint: string;
};

/** What the Apple developer account says of a device (a sync); null when it said nothing. */
export interface SyncedDetails {
  name: string | null;
  model_name: string | null;
  platform: string | null;
  status: string | null;
}

export type ReleaseMention = Pick<ReleaseRow, 'id' | 'channel_id' | 'version' | 'name' | 'release_version' | 'build_version' | 'metadata' | 'created_at'>;

/** Rows per insert of a profile's devices: 4 values each stays far below SQLite's variable limit. */
const PROFILE_CHUNK = 100;

export function createDevicesRepository(db: Kysely<Database>) {
  // Search lowers both sides in the database (SQLite's lower() folds ASCII only; so does the LIKE).
  function filtered(executor: Executor, filter: DeviceListFilter) {
    let qb = executor.selectFrom('devices');
    if (filter.query) {
      const pattern = sql`lower(${`%${escapeLike(filter.query)}%`}) escape '\\'`;
      qb = qb.where((eb) =>
        eb.or([eb(sql`lower(udid)`, 'like', pattern), eb(sql`lower(name)`, 'like', pattern), eb(sql`lower(product)`, 'like', pattern)]),
      );
    }
    return qb;
  }

  return {
    findById(id: number, executor: Executor = db): Promise<DeviceRow | undefined> {
      return executor.selectFrom('devices').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** By the stored (canonical) UDID. */
    findByUdid(udid: string, executor: Executor = db): Promise<DeviceRow | undefined> {
      return executor.selectFrom('devices').selectAll().where('udid', '=', udid).executeTakeFirst();
    },

    list(filter: DeviceListFilter, limit: number, offset: number, executor: Executor = db): Promise<DeviceRow[]> {
      return filtered(executor, filter).selectAll().orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },

    async count(filter: DeviceListFilter, executor: Executor = db): Promise<number> {
      const row = await filtered(executor, filter).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Inserts the device, or refreshes it by UDID when the answer is signed by the certificate
     * that signed its first one (or the device has none recorded yet), in one statement.
     * Changes: product, OS version, serial and IMEI take the reported value when one is given;
     * the name only when the device has none yet (a name the team chose is kept); the signer
     * when none was recorded; updated_at. Undefined (nothing changed) when the device exists
     * and another certificate signed its first answer.
     */
    upsert(report: DeviceReport, timestamp: string, executor: Executor = db): Promise<DeviceRow | undefined> {
      return executor
        .insertInto('devices')
        .values({ ...report, created_at: timestamp, updated_at: timestamp })
        .onConflict((oc) =>
          oc
            .column('udid')
            .doUpdateSet((eb) => ({
              name: eb.fn.coalesce('devices.name', 'excluded.name'),
              product: eb.fn.coalesce('excluded.product', 'devices.product'),
              os_version: eb.fn.coalesce('excluded.os_version', 'devices.os_version'),
              serial: eb.fn.coalesce('excluded.serial', 'devices.serial'),
              imei: eb.fn.coalesce('excluded.imei', 'devices.imei'),
              signer_fingerprint: eb.fn.coalesce('devices.signer_fingerprint', 'excluded.signer_fingerprint'),
              updated_at: eb.ref('excluded.updated_at'),
            }))
            .where((eb) => eb.or([eb('devices.signer_fingerprint', 'is', null), eb('devices.signer_fingerprint', '=', eb.ref('excluded.signer_fingerprint'))])),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Records that a challenge was used. True for the first use; false when its nonce is
     * already recorded (by this instance or another sharing the database): the insert's row
     * count decides, so of two concurrent uses exactly one gets true.
     */
    async useChallenge(nonce: string, expiresAt: string, usedAt: string, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .insertInto('udid_challenges')
        .values({ nonce, expires_at: expiresAt, used_at: usedAt })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Deletes the used challenges that expired before `before`; returns how many. */
    async deleteChallengesExpiredBefore(before: string, executor: Executor = db): Promise<number> {
      const result = await executor.deleteFrom('udid_challenges').where('expires_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Inserts a device first seen in a sync (source 'sync'). Undefined, changing nothing,
     * when the UDID is already stored (then the caller updates it with updateSynced).
     */
    insertSynced(udid: string, details: SyncedDetails, timestamp: string, executor: Executor = db): Promise<DeviceRow | undefined> {
      return executor
        .insertInto('devices')
        .values({ udid, ...details, source: 'sync', created_at: timestamp, updated_at: timestamp })
        .onConflict((oc) => oc.column('udid').doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Inserts the UDIDs an uploaded build's provisioning profile lists that are not stored yet
     * (source 'profile'), in chunks; a stored device is left as it is. Answers how many were new.
     */
    async insertFromProfile(udids: readonly string[], timestamp: string, executor: Executor = db): Promise<number> {
      let inserted = 0;
      for (let start = 0; start < udids.length; start += PROFILE_CHUNK) {
        const values = udids.slice(start, start + PROFILE_CHUNK).map((udid) => ({ udid, source: 'profile' as const, created_at: timestamp, updated_at: timestamp }));
        const result = await executor.insertInto('devices').values(values).onConflict((oc) => oc.column('udid').doNothing()).executeTakeFirst();
        inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return inserted;
    },

    /** Sets the given Apple-account fields of a device, and updated_at. Undefined when the device is gone. */
    updateSynced(id: number, changes: Partial<SyncedDetails>, timestamp: string, executor: Executor = db): Promise<DeviceRow | undefined> {
      return executor.updateTable('devices').set({ ...changes, updated_at: timestamp }).where('id', '=', id).returningAll().executeTakeFirst();
    },

    updateName(id: number, name: string | null, timestamp: string, executor: Executor = db): Promise<DeviceRow | undefined> {
      return executor.updateTable('devices').set({ name, updated_at: timestamp }).where('id', '=', id).returningAll().executeTakeFirst();
    },

    async delete(id: number, executor: Executor = db): Promise<boolean> {
      const result = await executor.deleteFrom('devices').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * iOS releases whose stored metadata mentions the UDID anywhere (any case), or says its
     * profile provisions all devices, newest first: candidates only, the caller confirms
     * with profileCoverage().
     */
    iosReleasesFor(udid: string, limit: number, executor: Executor = db): Promise<ReleaseMention[]> {
      return executor
        .selectFrom('releases')
        .select(['id', 'channel_id', 'version', 'name', 'release_version', 'build_version', 'metadata', 'created_at'])
        .where('platform', '=', 'ios')
        .where((eb) =>
          eb.or([
            eb(sql`lower(metadata)`, 'like', sql<string>`${`%${escapeLike(udid.toLowerCase())}%`} escape '\\'`),
            eb('metadata', 'like', PROVISIONS_ALL_PATTERN),
          ]),
        )
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
