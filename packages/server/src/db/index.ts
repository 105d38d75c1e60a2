// The Kysely instance and the engine choice. Dialect differences that repositories would
// otherwise have to know about (boolean binding on SQLite, timestamp and bigint parsing on
// PostgreSQL) are settled here, so the same queries run on both engines.
import SQLite from 'better-sqlite3';
import { Kysely, OperationNodeTransformer, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow, ValueNode } from 'kysely';
import { createRequire } from 'node:module';
import type PgModule from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './types.ts';
import { ChangeFeed } from './change-feed.ts';
import type { ChangeFeedLog } from './change-feed.ts';

export type Engine = DatabaseConfig['engine'];
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /**
   * Goes up after every insert, update or delete on a distribution table (apps, schemes,
   * channels, releases, collaborators) made through this handle, and on PostgreSQL after every
   * one any instance commits (db/change-feed.ts): answer caches compare it to know whether what
   * they hold may be stale. Undefined when that cannot be told (PostgreSQL, not listening): cache nothing.
   */
  writeGeneration(): number | undefined;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** The connection pool's use now (PostgreSQL; SQLite has one connection and no pool). */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

/** better-sqlite3 refuses to bind JavaScript booleans; SQLite stores them as 0 and 1. */
class BooleanToIntegerTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    return typeof node.value === 'boolean' ? { ...node, value: node.value ? 1 : 0 } : node;
  }
  protected override transformPrimitiveValueList(node: Parameters<OperationNodeTransformer['transformPrimitiveValueList']>[0]) {
    return { ...node, values: node.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)) };
  }
}

export class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanToIntegerTransformer();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

const WATCHED_TABLES = new Set(['apps', 'schemes', 'channels', 'releases', 'collaborators']);

/** Counts writes to the watched tables; see DatabaseHandle.writeGeneration. */
class WriteGenerationPlugin implements KyselyPlugin {
  generation = 0;
  readonly #writes = new WeakSet<object>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'InsertQueryNode' || node.kind === 'UpdateQueryNode' || node.kind === 'DeleteQueryNode') {
      // Table references appear as TableNode → SchemableIdentifierNode → IdentifierNode.
      const tables = JSON.stringify(node).matchAll(/"kind":"TableNode","table":\{"kind":"SchemableIdentifierNode",(?:"schema":\{[^}]*\},)?"identifier":\{"kind":"IdentifierNode","name":"(\w+)"/g);
      if ([...tables].some((match) => WATCHED_TABLES.has(match[1]!))) this.#writes.add(args.queryId);
    }
    return node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.#writes.has(args.queryId)) this.generation += 1;
    return Promise.resolve(args.result);
  }
}

/**
 * better-sqlite3 compiles a statement on every prepare(); Kysely prepares each query it runs.
 * Keeping the compiled statements of recent SQL texts (the same few hundred queries repeat)
 * removes that cost from every request.
 */
function withStatementCache(connection: SQLite.Database, max = 500): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = connection.prepare.bind(connection);
  return new Proxy(connection, {
    get(target, property, receiver) {
      if (property !== 'prepare') return Reflect.get(target, property, receiver) as unknown;
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          statement = prepare(source);
          if (cache.size >= max) cache.delete(cache.keys().next().value!);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

/** `2026-11-22 13:45:00.123+00` → `2026-11-22T13:45:00.123Z`, the same text SQLite holds. */
function timestampToIso(value: string): string {
  const date = new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

// node-postgres is loaded only by a server that uses PostgreSQL: one on SQLite would otherwise
// hold its ~120 KB of modules for nothing (bench/footprint.ts measures the idle server).
const require = createRequire(import.meta.url);
let pgModule: typeof PgModule | undefined;
export function pg(): typeof PgModule {
  pgModule ??= require('pg') as typeof PgModule;
  return pgModule;
}

const OID_INT8 = 20;
const OID_TIMESTAMP = 1114;
const OID_TIMESTAMPTZ = 1184;

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (oid === OID_TIMESTAMPTZ || oid === OID_TIMESTAMP) return timestampToIso;
    if (oid === OID_INT8) return (value: string) => Number(value);
    return pg().types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
  },
};

/** `options.log`: where the PostgreSQL change feed says it was lost and is back (db/change-feed.ts); silent when omitted. */
export function createDatabase(config: DatabaseConfig, options: { log?: ChangeFeedLog } = {}): DatabaseHandle {
  if (config.engine === 'sqlite') {
    const connection = new SQLite(config.filename);
    connection.pragma('journal_mode = WAL');
    connection.pragma('foreign_keys = ON');
    connection.pragma('busy_timeout = 5000');
    connection.pragma('synchronous = NORMAL');
    const writes = new WriteGenerationPlugin();
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(connection) }),
      plugins: [new SqliteBooleanPlugin(), writes],
    });
    return {
      db,
      engine: 'sqlite',
      writeGeneration: () => writes.generation,
      async ping() {
        await sql`select 1`.execute(db);
      },
      close: () => db.destroy(),
    };
  }

  const pool = new (pg().Pool)({
    connectionString: config.connectionString,
    types: pgTypes,
    max: 10,
    connectionTimeoutMillis: 5000,
    options: '-c TimeZone=UTC',
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would crash the process. The next query reconnects.
  pool.on('error', () => {});
  const writes = new WriteGenerationPlugin();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  const changes = new ChangeFeed(() => new (pg().Client)({ connectionString: config.connectionString }), options);
  return {
    db,
    engine: 'postgres',
    writeGeneration() {
      // Both only go up, so their sum moves whenever either does.
      const others = changes.generation();
      return others === undefined ? undefined : writes.generation + others;
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await changes.close();
      await db.destroy();
    },
  };
}
