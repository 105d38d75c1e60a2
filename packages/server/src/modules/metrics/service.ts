// What GET /metrics reports: one prom-client Registry per app (not prom-client's global one, so
// several servers in one process keep their own numbers). app.ts imports this file, and with it
// prom-client, only when TARMAC_METRICS is on. Counters move as requests, uploads and downloads
// happen (Meter); the job queue and the database pool are read when Prometheus scrapes.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../../db/index.ts';
import type { JobLog } from '../../jobs/deps.ts';
import { JOB_STATES } from '../../jobs/types.ts';
import type { JobReader } from '../../jobs/types.ts';
import type { Meter } from './types.ts';

/** Request durations: from a cached version check (milliseconds) to a slow upload (a minute). */
const REQUEST_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Package parse times: a small APK (tens of milliseconds) to a large IPA with its profile and icon. */
const PARSE_SECONDS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

interface Deps {
  /** The PostgreSQL pool's use (absent on SQLite: no pool gauge then). */
  database: Pick<DatabaseHandle, 'poolUse'>;
  /** Where a failed read of the job counts is written (the scrape still answers). */
  log: Pick<JobLog, 'warn'>;
}

export function createMetrics({ database, log }: Deps) {
  const registry = new Registry();
  const registers = [registry];
  // prom-client's process metrics (CPU, memory, event loop lag, GC), under their usual
  // unprefixed names (process_*, nodejs_*), which the common Node.js dashboards expect.
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status', labelNames, registers });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer sent, by method, route pattern and status',
    labelNames,
    buckets: REQUEST_SECONDS,
    registers,
  });
  const uploadBytes = new Counter({ name: 'tarmac_upload_bytes_total', help: 'Bytes of the build files uploads stored', registers });
  const downloadBytes = new Counter({
    name: 'tarmac_download_bytes_total',
    help: 'Bytes of build files sent by downloads answered in full (whole files and Range parts)',
    registers,
  });
  const parseSeconds = new Histogram({
    name: 'tarmac_package_parse_seconds',
    help: 'Time the package parser took to read an uploaded file, by format (unreadable: the parser refused it)',
    labelNames: ['format'] as const,
    buckets: PARSE_SECONDS,
    registers,
  });

  let jobs: Pick<JobReader, 'counts'> | undefined;
  registry.registerMetric(new Gauge({
    name: 'tarmac_jobs',
    help: 'Background jobs by state (queued, running, scheduled, failed, done), read from the queue at each scrape',
    labelNames: ['state'] as const,
    registers: [],
    async collect() {
      if (!jobs) return;
      try {
        const counts = await jobs.counts();
        for (const state of JOB_STATES) this.set({ state }, counts[state]);
      } catch (error) {
        log.warn({ err: error }, 'Metrics: could not read the background job counts');
      }
    },
  }));

  const poolUse = database.poolUse;
  if (poolUse) {
    registry.registerMetric(new Gauge({
      name: 'tarmac_db_pool_connections',
      help: 'The PostgreSQL connection pool: connections open (total), idle ones, and queries waiting for one',
      labelNames: ['state'] as const,
      registers: [],
      collect() {
        const use = poolUse();
        this.set({ state: 'total' }, use.total);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    }));
  }

  const meter: Meter = {
    uploaded: (bytes) => uploadBytes.inc(bytes),
    downloaded: (bytes) => downloadBytes.inc(bytes),
    parsed: (format, seconds) => parseSeconds.observe({ format }, seconds),
  };

  return {
    meter,
    /** `text/plain; version=0.0.4; charset=utf-8`: Prometheus's text format. */
    contentType: registry.contentType,
    /** The queue whose counts tarmac_jobs reports (the services are built after the registry). */
    watchJobs(reader: Pick<JobReader, 'counts'>): void {
      jobs = reader;
    },
    /** One answered request, under its route pattern (fns.ts routeLabel). */
    observe(method: string, route: string, status: number, seconds: number): void {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    render: () => registry.metrics(),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
