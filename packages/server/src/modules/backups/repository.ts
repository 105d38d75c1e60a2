// SQL for backup plans.
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { BackupPlansTable, BackupRunsTable, Database } from '../../db/types.ts';

export type BackupPlanRow = Selectable<BackupPlansTable>;
export type BackupRunRow = Selectable<BackupRunsTable>;

export function createBackupsRepository(db: Kysely<Database>) {
  return {
    listPlans(): Promise<BackupPlanRow[]> {
      return db.selectFrom('backup_plans').selectAll().orderBy('name').orderBy('id').execute();
    },

    findPlan(id: number): Promise<BackupPlanRow | undefined> {
      return db.selectFrom('backup_plans').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async nameTaken(name: string, exceptId: number | null): Promise<boolean> {
      let query = db.selectFrom('backup_plans').select('id').where('name', '=', name);
      if (exceptId !== null) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insertPlan(values: Insertable<BackupPlansTable>): Promise<number> {
      const row = await db.insertInto('backup_plans').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updatePlan(id: number, values: Updateable<BackupPlansTable>): Promise<void> {
      await db.updateTable('backup_plans').set(values).where('id', '=', id).execute();
    },

    async existingAppIds(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('apps').select('id').where('id', 'in', ids).execute();
      return rows.map((row) => row.id);
    },

    async insertRun(values: Insertable<BackupRunsTable>): Promise<number> {
      const row = await db.insertInto('backup_runs').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    findRun(id: number): Promise<BackupRunRow | undefined> {
      return db.selectFrom('backup_runs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async updateRun(id: number, values: Updateable<BackupRunsTable>): Promise<void> {
      await db.updateTable('backup_runs').set(values).where('id', '=', id).execute();
    },

    async listRuns(page: number, perPage: number): Promise<{ rows: BackupRunRow[]; total: number }> {
      const rows = await db.selectFrom('backup_runs').selectAll().orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute();
      const count = await db.selectFrom('backup_runs').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return { rows, total: Number(count.n) };
    },

    async deletePlan(id: number): Promise<boolean> {
      const result = await db.deleteFrom('backup_plans').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type BackupsRepository = ReturnType<typeof createBackupsRepository>;
