// The `tarmac` command against the same database as a running server: what operators and
// scripts rely on (token create prints only the secret on stdout).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/process.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';

let server: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  const database = server.config.database;
  env = {
    TARMAC_DATA_DIR: server.dataDir,
    DATABASE_URL: database.engine === 'sqlite' ? `sqlite:${database.filename}` : database.connectionString,
  };
});
afterAll(() => server.close());

describe('tarmac user create', () => {
  it('creates a user who can sign in, and prints the id', async () => {
    const result = runCli(['user', 'create', '--username', 'ops', '--email', 'ops@example.com', '--password', 'ops-password-1', '--role', 'developer'], env);
    expect(result.stderr).toContain('Created developer "ops" <ops@example.com>');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^\d+\n$/);
    const signedIn = await api(server, '/api/session', { method: 'POST', json: { login: 'ops', password: 'ops-password-1' } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ id: Number(result.stdout.trim()), role: 'developer' });
  });

  it('refuses bad input with the reason and exit code 1', () => {
    const invalid = runCli(['user', 'create', '--username', 'x1', '--email', 'not-an-email', '--password', 'short'], env);
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain('email "not-an-email" is not a valid email address');
    expect(invalid.stderr).toContain('password is too short (minimum is 8 characters)');

    const missing = runCli(['user', 'create', '--email', 'a@example.com', '--password', 'long-enough'], env);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('Missing --username');

    const role = runCli(['user', 'create', '--username', 'x2', '--email', 'x2@example.com', '--password', 'long-enough', '--role', 'owner'], env);
    expect(role.status).toBe(1);
    expect(role.stderr).toContain('--role must be one of member, developer, admin');
  });
});

describe('tarmac token create', () => {
  it('prints only the secret, which then authenticates API calls', async () => {
    const user = await server.newUser({ role: 'admin' });
    const result = runCli(['token', 'create', '--username', user.username, '--name', 'deploy script'], env);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^tmc_[\w-]{43}\n$/);
    const secret = result.stdout.trim();
    const me = await api(server, `/api/user?token=${secret}`);
    expect(me.status).toBe(200);
    expect(me.body.username).toBe(user.username);
    const tokens = await api<{ name: string }[]>(server, '/api/user/tokens', { token: secret });
    expect(tokens.body.map((t) => t.name)).toContain('deploy script');
  });

  it('fails clearly for an unknown user', () => {
    const result = runCli(['token', 'create', '--username', 'ghost', '--name', 'x'], env);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('No user named "ghost"');
  });
});

describe('tarmac user reset-password', () => {
  it('sets a generated password, printed on stdout, and the old one stops working', async () => {
    const user = await server.newUser();
    const result = runCli(['user', 'reset-password', '--username', user.username], env);
    expect(result.status).toBe(0);
    const password = result.stdout.trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } })).status).toBe(401);
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password } })).status).toBe(200);
  });

  it('takes --password and checks it', async () => {
    const user = await server.newUser();
    expect(runCli(['user', 'reset-password', '--username', user.username, '--password', 'tiny'], env).stderr).toContain('password is too short');
    const ok = runCli(['user', 'reset-password', '--username', user.username, '--password', 'brand-new-password'], env);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe('');
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: 'brand-new-password' } })).status).toBe(200);
  });
});

describe('tarmac user reset-two-factor', () => {
  it("turns an account's two-factor sign-in off (the only administrator lost their phone)", async () => {
    const user = await server.newUser({ role: 'admin' });
    const { totpCode } = await import('../src/auth/totp.ts');
    const setup = await api(server, '/api/user/two-factor/setup', { method: 'POST', json: { password: user.password }, token: user.token });
    const enabled = await api(server, '/api/user/two-factor/enable', { method: 'POST', json: { code: totpCode(setup.body.secret, Date.now()) }, token: user.token });
    expect(enabled.status).toBe(200);
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } })).status).toBe(202);
    const result = runCli(['user', 'reset-two-factor', '--username', user.email], env);
    expect(result.stderr).toContain(`Two-factor sign-in of "${user.username}" is off`);
    expect(result.status).toBe(0);
    expect((await api(server, '/api/session', { method: 'POST', json: { login: user.username, password: user.password } })).status).toBe(200);
    expect(runCli(['user', 'reset-two-factor', '--username', 'ghost'], env)).toMatchObject({ status: 1, stderr: expect.stringContaining('No user named "ghost"') });
  });
});

describe('tarmac migrate and help', () => {
  it('reports an up-to-date schema', () => {
    const result = runCli(['migrate'], env);
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('Database schema is up to date.');
  });

  it('prints help, and usage for an unknown command', () => {
    const help = runCli(['help'], env);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('token create --username NAME --name LABEL');
    const unknown = runCli(['frobnicate'], env);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
  });

  it('is on the repo root PATH as `npx tarmac` (node_modules/.bin/tarmac)', () => {
    const repoRoot = path.resolve(import.meta.dirname, '../../..');
    const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/tarmac'), ['help'], { cwd: repoRoot, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: tarmac <command>');
  });

  it('names a wrong setting', () => {
    const result = runCli(['migrate'], { ...env, DATABASE_URL: 'mysql://nope' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL must start with sqlite: or postgres://');
  });
});
