// Every deployment file (deploy/), read as its tool reads it, since no Docker engine, cluster or
// platform runs here: the port is config.ts's default, the health check is /api/health, the data
// volume is where TARMAC_DATA_DIR points, every variable named is one config.ts documents, no
// secret is written into a file, and the image builds with the production-build test's commands.
import { execFileSync } from 'node:child_process';
import { existsSync, globSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { parse as parseToml } from 'smol-toml';
import {
  committedSecret,
  composeEnvironment,
  configDefault,
  deployDir,
  dockerIgnored,
  dockerignoreRules,
  keyValues,
  parseDockerfile,
  readRepoFile,
  repoRoot,
  unknownVariables,
} from './helpers/deploy-files.ts';

// HashiCorp's own HCL parser, compiled to JavaScript (the package has no types).
const { parseToObject: parseHcl } = createRequire(import.meta.url)('hcl2-parser') as { parseToObject: (text: string) => [unknown, unknown] };

const PORT = Number(configDefault('PORT'));
const HEALTH = '/api/health';
const commands = JSON.parse(readRepoFile('deploy/build-commands.json')) as Record<'dependencies' | 'build' | 'productionInstall', string>;
const dockerfile = parseDockerfile(readRepoFile('deploy/Dockerfile'));
const [buildStage, runtime] = [dockerfile.stages[0]!, dockerfile.stages.at(-1)!];
const imageEnv = Object.assign({}, ...runtime.instructions.filter((i) => i.keyword === 'ENV').map((i) => keyValues(i.args))) as Record<string, string>;
const DATA_DIR = imageEnv.TARMAC_DATA_DIR!;

describe('the checks themselves', () => {
  it('catch a secret written into a file, and let references and empty values pass', () => {
    expect(committedSecret('TARMAC_ADMIN_PASSWORD', 'hunter2hunter2')).toBe(true);
    expect(committedSecret('DATABASE_URL', 'postgres://tarmac:s3cret@db:5432/tarmac')).toBe(true);
    expect(committedSecret('TARMAC_S3_SECRET_ACCESS_KEY', '${S3_SECRET}x')).toBe(true);
    expect(committedSecret('TARMAC_ADMIN_PASSWORD', '${TARMAC_ADMIN_PASSWORD:-}')).toBe(false);
    expect(committedSecret('DATABASE_URL', 'postgres://tarmac:${POSTGRES_PASSWORD:?set it}@db:5432/tarmac')).toBe(false);
    expect(committedSecret('TARMAC_TRUST_PROXY', '1')).toBe(false);
  });

  it('catch a variable config.ts does not document', () => {
    expect(unknownVariables(['PORT', 'TARMAC_DATA_DIR', 'TARMAC_NOT_A_SETTING'])).toEqual(['TARMAC_NOT_A_SETTING']);
  });

  it('read .dockerignore as Docker does: the last matching rule wins, a folder rule covers its files', () => {
    const rules = ['**/node_modules', 'deploy', '!deploy/build-commands.json', 'packages/*/test'];
    expect(dockerIgnored(rules, 'packages/web/node_modules/react/index.js')).toBe(true);
    expect(dockerIgnored(rules, 'deploy/Dockerfile')).toBe(true);
    expect(dockerIgnored(rules, 'deploy/build-commands.json')).toBe(false);
    expect(dockerIgnored(rules, 'packages/server/test/x.test.ts')).toBe(true);
    expect(dockerIgnored(rules, 'packages/server/src/main.ts')).toBe(false);
  });
});

describe('deploy/Dockerfile', () => {
  it('builds with exactly the production-build test\'s commands, in its order', () => {
    const runs = buildStage.instructions.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    expect(runs).toEqual([commands.dependencies, commands.build, `cd dist && ${commands.productionInstall}`]);
    expect(buildStage.name).toBe('build');
  });

  it('runs on a slim Node image as a user that is not root, from the build stage\'s dist/', () => {
    expect(dockerfile.stages).toHaveLength(2);
    expect(runtime.from).toMatch(/^node:\$\{NODE_VERSION\}-\w+-slim$/);
    const nodeVersion = keyValues(dockerfile.args.find((i) => i.keyword === 'ARG')!.args).NODE_VERSION!;
    expect(Number(nodeVersion)).toBeGreaterThanOrEqual(24);
    const user = runtime.instructions.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user!.split(':')[0]);
    expect(runtime.instructions).toContainEqual({ keyword: 'COPY', args: '--from=build /src/dist /app' });
    const cmd = JSON.parse(runtime.instructions.find((i) => i.keyword === 'CMD')!.args) as string[];
    expect(cmd).toEqual(['node', 'packages/server/bin/tarmac.js', 'serve']);
    expect(existsSync(path.join(repoRoot, 'packages/server/bin/tarmac.js'))).toBe(true);
  });

  it('listens on config\'s default port, checks /api/health, and keeps the data directory on a volume', () => {
    expect(imageEnv.PORT).toBe(String(PORT));
    expect(runtime.instructions).toContainEqual({ keyword: 'EXPOSE', args: String(PORT) });
    const health = runtime.instructions.find((i) => i.keyword === 'HEALTHCHECK')!.args;
    expect(health).toMatch(/^--interval=\S+ --timeout=\S+ --start-period=\S+ --retries=\d+ CMD \[/);
    expect(health).toContain(HEALTH);
    expect(health).toContain(`process.env.PORT || ${PORT}`);
    expect(DATA_DIR).toMatch(/^\/\w+/);
    expect(JSON.parse(runtime.instructions.find((i) => i.keyword === 'VOLUME')!.args)).toEqual([DATA_DIR]);
    expect(unknownVariables(Object.keys(imageEnv))).toEqual([]);
    for (const [name, value] of Object.entries(imageEnv)) expect(committedSecret(name, value), name).toBe(false);
  });

  it('labels the image with its version, commit and date from build arguments', () => {
    const args = runtime.instructions.filter((i) => i.keyword === 'ARG').map((i) => Object.keys(keyValues(i.args))[0]);
    expect(args).toEqual(expect.arrayContaining(['VERSION', 'VCS_REF', 'BUILD_DATE']));
    const labels = Object.assign({}, ...runtime.instructions.filter((i) => i.keyword === 'LABEL').map((i) => keyValues(i.args))) as Record<string, string>;
    expect(labels).toMatchObject({
      'org.opencontainers.image.version': '${VERSION}',
      'org.opencontainers.image.revision': '${VCS_REF}',
      'org.opencontainers.image.created': '${BUILD_DATE}',
    });
    expect(imageEnv).toMatchObject({ TARMAC_VCS_REF: '${VCS_REF}', TARMAC_BUILD_DATE: '${BUILD_DATE}' });
  });

  it('gets every file the build reads past .dockerignore, and none of node_modules, dist or the data', () => {
    const rules = dockerignoreRules(readRepoFile('.dockerignore'));
    const tracked = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' }).split('\n').filter(Boolean);
    const needed = tracked.filter((file) =>
      /^(package(-lock)?\.json|tsconfig\.(base|build)\.json|scripts\/[\w-]+\.(ts|cjs)|deploy\/build-commands\.json|packages\/[\w-]+\/(src|bin)\/.*|packages\/[\w-]+\/package\.json|packages\/server\/openapi\.json|packages\/web\/(index\.html|vite\.config\.ts|postcss\.config\.js))$/.test(file),
    );
    expect(needed.length).toBeGreaterThan(100);
    expect(needed.filter((file) => dockerIgnored(rules, file))).toEqual([]);
    for (const file of ['node_modules/x', 'packages/server/node_modules/x', 'dist/package.json', 'data/tarmac.db', '.git/HEAD', '.env']) {
      expect(dockerIgnored(rules, file), file).toBe(true);
    }
    // Every workspace's manifest is there for the first `npm ci`, before the sources.
    const early = buildStage.instructions.slice(0, buildStage.instructions.findIndex((i) => i.keyword === 'RUN'));
    const manifests = early.filter((i) => i.keyword === 'COPY').flatMap((i) => i.args.split(' ').slice(0, -1));
    expect(manifests.sort()).toEqual(['package-lock.json', 'package.json', ...globSync('packages/*/package.json', { cwd: repoRoot })].sort());
    for (const copy of buildStage.instructions.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('. '))) {
      for (const source of copy.args.split(' ').slice(0, -1)) expect(existsSync(path.join(repoRoot, source)), source).toBe(true);
    }
  });
});

type Service = { ports?: string[]; environment?: unknown; volumes?: string[]; build?: { context: string; dockerfile: string } };

describe.each(['docker-compose.yml', 'docker-compose.postgres-s3.yml'])('deploy/%s', (file) => {
  const compose = parseYaml(readRepoFile(`deploy/${file}`)) as { services: Record<string, Service & Record<string, unknown>>; volumes: object };
  const tarmac = compose.services.tarmac!;
  const environment = composeEnvironment(tarmac.environment);

  it('builds deploy/Dockerfile from the repository and publishes config\'s port', () => {
    expect(path.resolve(deployDir, tarmac.build!.context, tarmac.build!.dockerfile)).toBe(path.join(deployDir, 'Dockerfile'));
    expect(tarmac.ports!.map((port) => port.split(':').at(-1))).toEqual([String(PORT)]);
    expect(environment.find(([name]) => name === 'PORT')?.[1] ?? String(PORT)).toBe(String(PORT));
    expect(tarmac.healthcheck, 'the image\'s HEALTHCHECK on /api/health applies').toBeUndefined();
  });

  it('keeps the data directory on a named volume', () => {
    const mount = tarmac.volumes!.find((volume) => volume.endsWith(`:${DATA_DIR}`))!;
    expect(mount).toBeDefined();
    expect(Object.keys(compose.volumes)).toContain(mount.split(':')[0]);
  });

  it('names only variables config.ts documents, and writes no secret into the file', () => {
    expect(unknownVariables(environment.map(([name]) => name))).toEqual([]);
    for (const [service, definition] of Object.entries(compose.services)) {
      for (const [name, value] of composeEnvironment(definition.environment)) expect(committedSecret(name, value), `${service} ${name}`).toBe(false);
    }
  });
});

describe('deploy/docker-compose.postgres-s3.yml', () => {
  const compose = parseYaml(readRepoFile('deploy/docker-compose.postgres-s3.yml')) as { services: Record<string, Record<string, unknown>> };
  const env = Object.fromEntries(composeEnvironment(compose.services.tarmac!.environment)) as Record<string, string>;

  it('points Tarmac at its PostgreSQL service and its S3 bucket, and waits for both', () => {
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/tarmac:\$\{POSTGRES_PASSWORD[^}]*\}@postgres:5432\/tarmac$/);
    expect(env).toMatchObject({ TARMAC_STORAGE: 's3', TARMAC_S3_FORCE_PATH_STYLE: 'true' });
    expect(env.TARMAC_S3_ENDPOINT).toContain('http://minio:9000');
    expect(env.TARMAC_SECRET_KEY).toMatch(/^\$\{TARMAC_SECRET_KEY:\?/);
    expect(compose.services.tarmac!.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      'minio-bucket': { condition: 'service_completed_successfully' },
    });
    expect(Object.keys(compose.services).sort()).toEqual(['minio', 'minio-bucket', 'postgres', 'tarmac']);
  });
});

describe('deploy/fly.toml', () => {
  const fly = parseToml(readRepoFile('deploy/fly.toml')) as {
    build: { dockerfile: string };
    env: Record<string, string>;
    http_service: { internal_port: number; checks: { path: string; method: string }[] };
    mounts: { destination: string }[];
  };

  it('serves config\'s port, checks /api/health and mounts the volume at TARMAC_DATA_DIR', () => {
    expect(path.resolve(deployDir, fly.build.dockerfile)).toBe(path.join(deployDir, 'Dockerfile'));
    expect(fly.http_service.internal_port).toBe(PORT);
    expect(fly.env.PORT ?? String(PORT)).toBe(String(PORT));
    expect(fly.http_service.checks).toEqual([expect.objectContaining({ method: 'GET', path: HEALTH })]);
    expect(fly.mounts.map((mount) => mount.destination)).toEqual([fly.env.TARMAC_DATA_DIR ?? DATA_DIR]);
  });

  it('names only documented variables and keeps secrets in `fly secrets`', () => {
    expect(unknownVariables(Object.keys(fly.env))).toEqual([]);
    for (const [name, value] of Object.entries(fly.env)) expect(committedSecret(name, value), name).toBe(false);
  });
});

describe('deploy/render.yaml', () => {
  const render = parseYaml(readRepoFile('deploy/render.yaml')) as {
    services: {
      runtime: string;
      dockerfilePath: string;
      dockerContext: string;
      healthCheckPath: string;
      disk: { mountPath: string };
      envVars: { key: string; value?: string; sync?: boolean; generateValue?: boolean }[];
    }[];
  };
  const [web] = render.services;
  const env = Object.fromEntries(web!.envVars.map((variable) => [variable.key, variable.value]));

  it('builds deploy/Dockerfile, checks /api/health and puts the disk at TARMAC_DATA_DIR on config\'s port', () => {
    expect(render.services).toHaveLength(1);
    expect(web!.runtime).toBe('docker');
    expect(path.resolve(repoRoot, web!.dockerContext, web!.dockerfilePath)).toBe(path.join(deployDir, 'Dockerfile'));
    expect(web!.healthCheckPath).toBe(HEALTH);
    expect(env.PORT).toBe(String(PORT));
    expect(web!.disk.mountPath).toBe(env.TARMAC_DATA_DIR);
  });

  it('names only documented variables; secrets are asked for (sync: false) or generated', () => {
    expect(unknownVariables(Object.keys(env))).toEqual([]);
    for (const variable of web!.envVars) {
      expect(committedSecret(variable.key, variable.value), variable.key).toBe(false);
      expect(variable.value !== undefined || variable.sync === false || variable.generateValue === true, variable.key).toBe(true);
    }
  });
});

describe('deploy/railway.json', () => {
  const railway = JSON.parse(readRepoFile('deploy/railway.json')) as { build: Record<string, string>; deploy: Record<string, unknown> };

  it('builds deploy/Dockerfile and checks /api/health; variables and the volume are Railway\'s, not the file\'s', () => {
    expect(railway.build).toEqual({ builder: 'DOCKERFILE', dockerfilePath: 'deploy/Dockerfile' });
    expect(existsSync(path.join(repoRoot, railway.build.dockerfilePath!))).toBe(true);
    expect(railway.deploy).toMatchObject({ healthcheckPath: HEALTH, numReplicas: 1 });
    expect(railway.deploy.startCommand, 'the image\'s CMD starts it').toBeUndefined();
  });
});

describe('deploy/nomad/tarmac.nomad.hcl', () => {
  const [parsed, error] = parseHcl(readRepoFile('deploy/nomad/tarmac.nomad.hcl'));
  type Block = Record<string, unknown>;
  const job = (parsed as { job: Record<string, Block[]> } | null)?.job.tarmac?.[0];
  const group = (job?.group as Record<string, Block[]>).tarmac![0]!;
  const task = (group.task as Record<string, Block[]>).tarmac![0]!;
  const env = (task.env as Record<string, string>[])[0]!;

  it('parses as HCL, maps the port to config\'s, and checks /api/health', () => {
    expect(error).toBeNull();
    expect((group.network as { port: Record<string, { to: number }[]> }[])[0]!.port.http).toEqual([{ to: PORT }]);
    expect(env.PORT).toBe(String(PORT));
    const [service] = group.service as { port: string; check: { type: string; path: string }[] }[];
    expect(service!.port).toBe('http');
    expect(service!.check).toEqual([expect.objectContaining({ type: 'http', path: HEALTH })]);
    expect((task.config as { ports: string[] }[])[0]!.ports).toEqual(['http']);
  });

  it('mounts its host volume at TARMAC_DATA_DIR', () => {
    const [mount] = task.volume_mount as { volume: string; destination: string }[];
    expect(mount!.destination).toBe(env.TARMAC_DATA_DIR);
    expect(Object.keys(group.volume as object)).toEqual([mount!.volume]);
  });

  it('names only documented variables; secrets come from a Nomad Variable', () => {
    expect(unknownVariables(Object.keys(env))).toEqual([]);
    for (const [name, value] of Object.entries(env)) expect(committedSecret(name, value), name).toBe(false);
    const [template] = task.template as { data: string; env: boolean; destination: string }[];
    expect(template).toMatchObject({ env: true, destination: expect.stringMatching(/^secrets\//) });
    expect(template!.data).toContain('nomadVar "nomad/jobs/tarmac"');
    expect(template!.data).not.toMatch(/=\s*[^{\s]/);
  });
});

describe('docs/deployment.md and the files it explains', () => {
  const docs = readRepoFile('docs/deployment.md');
  const files = globSync('deploy/**/*', { cwd: repoRoot }).filter((file) => !file.endsWith('.tpl') && path.extname(file) !== '');

  it('names every deployment file', () => {
    expect(files.length).toBeGreaterThan(10);
    const named = (file: string) => docs.includes(file) || (file.startsWith('deploy/helm/tarmac/') && docs.includes('deploy/helm/tarmac'));
    expect(files.filter((file) => !named(file))).toEqual([]);
  });

  it('mentions only TARMAC_ settings config.ts documents, in the page and in every file', () => {
    for (const [name, text] of [['docs/deployment.md', docs], ...files.map((file) => [file, readRepoFile(file)])] as [string, string][]) {
      expect(unknownVariables(new Set(text.match(/\bTARMAC_[A-Z0-9_]*[A-Z0-9]\b/g) ?? [])), name).toEqual([]);
    }
  });

  it('gives the production build\'s commands as the Dockerfile and the test run them', () => {
    for (const command of Object.values(commands).filter((text) => text.startsWith('npm'))) expect(docs).toContain(command);
  });
});
