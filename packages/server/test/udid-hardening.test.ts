// /udid/retrieve against someone who is not a device (issue 11, finding 10). Anyone can sign
// an answer with a certificate they made, so the signature alone proves little; these rules
// keep such answers from doing harm:
// - the challenge in a profile is used once, even when two answers race on two instances
//   sharing one database (the insert of its nonce decides), and expires after
//   TARMAC_UDID_CHALLENGE_MINUTES;
// - a known device changes only when the certificate that signed its first answer signs
//   again (or an administrator deleted it); another certificate's answer changes nothing;
// - one client address may send TARMAC_UDID_REGISTRATIONS_PER_HOUR answers an hour (20).
// Every refusal is a 4xx in plain text, and nothing is stored.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createDatabase } from '../src/db/index.ts';
import { createChallenges } from '../src/modules/devices/challenge.ts';
import { api, startServer } from './helpers/server.ts';
import type { TestServer } from './helpers/server.ts';
import { createDeviceKit, postAnswer, profileChallenge } from './helpers/udid.ts';
import type { DeviceKit } from './helpers/udid.ts';

const BASE = 'https://tarmac.example.com';

let server: TestServer;
let kit: DeviceKit;
let serial = 0;

/** A new 40-digit UDID each call. */
function newUdid(): string {
  serial += 1;
  return `${serial.toString(16).padStart(8, '0')}${'a'.repeat(32)}`;
}

beforeAll(async () => {
  server = await startServer({ TARMAC_URL: BASE, TARMAC_UDID_REGISTRATIONS_PER_HOUR: '1000' });
  kit = createDeviceKit();
  kit.identity('device');
  kit.identity('intruder');
  kit.identity('restored', 'ec');
});
afterAll(async () => {
  await server.close();
  kit.remove();
});

/** The device's signed answer, with a fresh challenge from `target` unless one is given. */
async function answer(
  udid: string,
  options: { signer?: string; challenge?: string; target?: { url: string }; attributes?: Record<string, string> } = {},
): Promise<Buffer> {
  return kit.signed(
    {
      CHALLENGE: options.challenge ?? (await profileChallenge(options.target ?? server)),
      DEVICE_NAME: "Ann's iPhone",
      IMEI: '35 123456 789012 3',
      PRODUCT: 'iPhone15,2',
      SERIAL: 'F2LXK0ABCDEF',
      UDID: udid,
      VERSION: '21A329',
      ...options.attributes,
    },
    options.signer ?? 'device',
  );
}

function devices(target: TestServer = server) {
  return target.database.db.selectFrom('devices').selectAll().orderBy('id').execute();
}

async function device(udid: string) {
  return server.database.db.selectFrom('devices').selectAll().where('udid', '=', udid).executeTakeFirst();
}

/** Posts and expects a refusal that stores nothing. */
async function refused(body: Buffer, status: number, message: string, target: TestServer = server, headers?: Record<string, string>) {
  const before = await devices(target);
  const res = await postAnswer(target, body, headers);
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  expect(res.text).toContain(message);
  expect(await devices(target)).toEqual(before);
  return res;
}

/** A second instance of the same server: its own process state, the same database. */
async function secondInstance(first: TestServer) {
  const database = createDatabase(first.config.database);
  const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const { app } = await buildApp({ config: first.config, database, logDestination: discard });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('second instance did not bind');
  return {
    url: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe('a challenge works once', () => {
  it('the same answer sent again is refused and changes nothing', async () => {
    const udid = newUdid();
    const body = await answer(udid);
    const first = await postAnswer(server, body);
    expect(first.status).toBe(301);
    expect(first.headers.get('location')).toBe(`${BASE}/udid/${udid}`);
    await refused(body, 400, 'This profile was already used: open /udid and download the profile again');
  });

  it('another answer carrying a used challenge is refused, storing nothing', async () => {
    const challenge = await profileChallenge(server);
    expect((await postAnswer(server, await answer(newUdid(), { challenge }))).status).toBe(301);
    const other = newUdid();
    await refused(await answer(other, { challenge, attributes: { SERIAL: 'REPLAYED' } }), 400, 'This profile was already used');
    expect(await device(other)).toBeUndefined();
  });

  it('of eight answers racing with one challenge, exactly one is stored', async () => {
    const challenge = await profileChallenge(server);
    const udids = Array.from({ length: 8 }, newUdid);
    const bodies = await Promise.all(udids.map((udid) => answer(udid, { challenge })));
    const responses = await Promise.all(bodies.map((body) => postAnswer(server, body)));
    expect(responses.map((res) => res.status).sort()).toEqual([301, 400, 400, 400, 400, 400, 400, 400]);
    const stored = (await devices()).filter((row) => udids.includes(row.udid));
    expect(stored).toHaveLength(1);
    expect(responses.find((res) => res.status === 301)!.headers.get('location')).toBe(`${BASE}/udid/${stored[0]!.udid}`);
  });

  it('holds across two instances sharing the database, in turn and racing', async () => {
    const second = await secondInstance(server);
    try {
      const body = await answer(newUdid());
      expect((await postAnswer(server, body)).status).toBe(301);
      const before = await devices();
      const replay = await postAnswer(second, body);
      expect(replay.status).toBe(400);
      expect(replay.text).toContain('This profile was already used');
      expect(await devices()).toEqual(before);

      // A profile from the second instance, answered on both at once.
      const challenge = await profileChallenge(second);
      const udids = Array.from({ length: 6 }, newUdid);
      const bodies = await Promise.all(udids.map((udid) => answer(udid, { challenge })));
      const responses = await Promise.all(bodies.map((one, index) => postAnswer(index % 2 === 0 ? server : second, one)));
      expect(responses.filter((res) => res.status === 301)).toHaveLength(1);
      expect(responses.filter((res) => res.status === 400)).toHaveLength(5);
      expect((await devices()).filter((row) => udids.includes(row.udid))).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('records a used challenge until an hour after it expires, then deletes it', async () => {
    const db = server.database.db;
    const hours = (n: number) => new Date(Date.now() + n * 3600_000).toISOString();
    await db.insertInto('udid_challenges').values([
      { nonce: 'long-expired-nonce-0001', expires_at: hours(-2), used_at: hours(-2.2) },
      { nonce: 'just-expired-nonce-0002', expires_at: hours(-0.5), used_at: hours(-0.7) },
    ]).execute();
    const challenge = await profileChallenge(server);
    expect((await postAnswer(server, await answer(newUdid(), { challenge }))).status).toBe(301);
    const nonces = (await db.selectFrom('udid_challenges').select('nonce').execute()).map((row) => row.nonce);
    expect(nonces).not.toContain('long-expired-nonce-0001');
    expect(nonces).toContain('just-expired-nonce-0002');
    expect(nonces).toContain(challenge.split('.')[1]);
  });
});

describe('a challenge is short-lived', () => {
  it('the profile /udid/install serves expires in 15 minutes by default', async () => {
    const expiry = Number((await profileChallenge(server)).split('.')[0]) * 1000;
    expect(expiry - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(15 * 60_000);
  });

  it('an answer with an expired challenge is refused, storing nothing', async () => {
    const expired = createChallenges(server.config.secretKey, 15 * 60).issue(Date.now() - 15 * 60_000 - 1000);
    await refused(await answer(newUdid(), { challenge: expired }), 400, 'The profile has expired: open /udid and download the profile again');
  });
});

describe('a known device changes only by the certificate of its first answer', () => {
  const stored = { name: "Ann's iPhone", product: 'iPhone15,2', os_version: '21A329', serial: 'F2LXK0ABCDEF', imei: '35 123456 789012 3' };
  const forged = { DEVICE_NAME: 'Forged', SERIAL: 'FORGEDSERIAL', IMEI: '00 000000 000000 0', PRODUCT: 'iPhone17,2', VERSION: '22A3354' };

  it('an answer signed by another certificate keeps every stored detail', async () => {
    const udid = newUdid();
    expect((await postAnswer(server, await answer(udid))).status).toBe(301);
    const row = (await device(udid))!;
    expect(row).toMatchObject({ ...stored, signer_fingerprint: kit.fingerprint('device') });

    const res = await postAnswer(server, await answer(udid, { signer: 'intruder', attributes: forged }));
    // The page of the UDID, as for any answer; its public view shows only the UDID and model.
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`${BASE}/udid/${udid}`);
    expect(await device(udid)).toEqual(row);
    expect(server.logs.join('')).toContain("UDID callback signed by another certificate than the device's first answer: stored details kept");
    const page = await api(server, `/udid/${udid}`);
    expect(page.text).toContain('iPhone 14 Pro (iPhone15,2)');
    expect(page.text).not.toContain('Forged');
  });

  it("the device's own certificate still updates it", async () => {
    const udid = newUdid();
    expect((await postAnswer(server, await answer(udid))).status).toBe(301);
    expect((await postAnswer(server, await answer(udid, { attributes: { VERSION: '22B83', DEVICE_NAME: 'Renamed by iOS' } }))).status).toBe(301);
    // The name the device reported first is kept; what the device reports anew changes.
    expect(await device(udid)).toMatchObject({ ...stored, os_version: '22B83', signer_fingerprint: kit.fingerprint('device') });
  });

  it('a device stored before signers were recorded takes the certificate of its next answer', async () => {
    const udid = newUdid();
    const timestamp = new Date().toISOString();
    await server.database.db
      .insertInto('devices')
      .values({ udid, name: 'Old', product: 'iPhone14,7', os_version: '20A362', serial: 'OLDSERIAL', imei: null, signer_fingerprint: null, created_at: timestamp, updated_at: timestamp })
      .execute();
    expect((await postAnswer(server, await answer(udid))).status).toBe(301);
    const row = (await device(udid))!;
    expect(row).toMatchObject({ name: 'Old', product: 'iPhone15,2', serial: 'F2LXK0ABCDEF', signer_fingerprint: kit.fingerprint('device') });
    expect((await postAnswer(server, await answer(udid, { signer: 'intruder', attributes: forged }))).status).toBe(301);
    expect(await device(udid)).toEqual(row);
  });

  it('after an administrator deletes it, the device registers afresh with a new certificate (an erased iPhone)', async () => {
    const udid = newUdid();
    expect((await postAnswer(server, await answer(udid))).status).toBe(301);
    const admin = await server.newUser({ role: 'admin' });
    const { id } = (await device(udid))!;
    expect((await api(server, `/api/devices/${id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect((await postAnswer(server, await answer(udid, { signer: 'restored', attributes: { VERSION: '22B83' } }))).status).toBe(301);
    expect(await device(udid)).toMatchObject({ ...stored, os_version: '22B83', signer_fingerprint: kit.fingerprint('restored') });
  });
});

describe('answers are limited per client address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    // Defaults but a 1-minute challenge; X-Forwarded-For names the client, to play several.
    limited = await startServer({ TARMAC_URL: BASE, TARMAC_TRUST_PROXY: 'true', TARMAC_UDID_CHALLENGE_MINUTES: '1' });
  });
  afterAll(() => limited.close());
  const from = (address: string) => ({ 'content-type': 'application/pkcs7-signature', 'x-forwarded-for': address });

  it('serves challenges that last TARMAC_UDID_CHALLENGE_MINUTES', async () => {
    const expiry = Number((await profileChallenge(limited)).split('.')[0]) * 1000;
    expect(expiry - Date.now()).toBeGreaterThan(50_000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it('refuses the 21st answer in an hour from one address with 429 and Retry-After, storing nothing', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await postAnswer(limited, await answer(newUdid(), { target: limited }), from('203.0.113.7'))).status, `answer ${i + 1}`).toBe(301);
    }
    expect(await devices(limited)).toHaveLength(20);
    const res = await refused(await answer(newUdid(), { target: limited }), 429, 'Too many device answers from this address: try again in', limited, from('203.0.113.7'));
    const wait = Number(res.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(res.text).toContain(`try again in ${wait} seconds`);
    // Another address is not held back.
    expect((await postAnswer(limited, await answer(newUdid(), { target: limited }), from('203.0.113.8'))).status).toBe(301);
  });

  it('counts refused answers too', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await postAnswer(limited, Buffer.from('not a device answer'), from('203.0.113.9'))).status).toBe(400);
    }
    await refused(await answer(newUdid(), { target: limited }), 429, 'Too many device answers', limited, from('203.0.113.9'));
  });
});
