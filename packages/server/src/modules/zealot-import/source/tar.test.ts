import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractTar, indexTar, parseHeader, safeMemberName } from './tar.ts';

const root = mkdtempSync(path.join(tmpdir(), 'zealot-tar-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A minimal ustar writer, so hostile members (which real tar refuses to write) can be made. */
function header(name: string, size: number, type = '0'): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 100, 'utf8');
  block.write('0000644\0', 100);
  block.write(size.toString(8).padStart(11, '0') + '\0', 124);
  block.write('00000000000\0', 136);
  block.write(type, 156);
  block.write('ustar\x0000', 257, 'latin1');
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
  return block;
}

function member(name: string, data: string, type = '0'): Buffer {
  const body = Buffer.from(data);
  return Buffer.concat([header(name, body.length, type), body, Buffer.alloc((512 - (body.length % 512)) % 512)]);
}

function pax(pathValue: string): Buffer {
  const record = (text: string): string => {
    let length = text.length + 3;
    while (`${length} ${text}\n`.length !== length) length++;
    return `${length} ${text}\n`;
  };
  return member('PaxHeader', record(`path=${pathValue}`), 'x');
}

const ARCHIVE = Buffer.concat([
  member('./ok/a.txt', 'A'),
  member('../evil.txt', 'EVIL'),
  member('/abs.txt', 'ABS'),
  member('ok/../../also-evil.txt', 'EVIL'),
  member('link', '', '2'),
  pax(`ok/${'p'.repeat(150)}.txt`),
  member('ok/short-name', 'PAX'),
  Buffer.alloc(1024),
]);

describe('the tar reader', () => {
  it('keeps member names inside the folder', () => {
    expect(safeMemberName('./apps/a1/x')).toBe('apps/a1/x');
    expect(safeMemberName('/etc/passwd')).toBe('etc/passwd');
    expect(safeMemberName('../x')).toBeNull();
    expect(safeMemberName('a/../../x')).toBeNull();
    expect(safeMemberName('./')).toBeNull();
  });

  it('extracts regular files only, never outside the folder, with PAX long names', async () => {
    const dest = path.join(root, 'out', 'inner');
    const chunks = Array.from({ length: Math.ceil(ARCHIVE.length / 700) }, (_, at) => ARCHIVE.subarray(at * 700, (at + 1) * 700));
    expect(await extractTar((async function* () { yield* chunks; })(), dest)).toBe(3);
    expect(readFileSync(path.join(dest, 'ok/a.txt'), 'utf8')).toBe('A');
    expect(readFileSync(path.join(dest, 'abs.txt'), 'utf8')).toBe('ABS');
    expect(readFileSync(path.join(dest, `ok/${'p'.repeat(150)}.txt`), 'utf8')).toBe('PAX');
    expect(existsSync(path.join(root, 'out', 'evil.txt'))).toBe(false);
    expect(existsSync(path.join(root, 'also-evil.txt'))).toBe(false);
    expect(readdirSync(dest).sort()).toEqual(['abs.txt', 'ok']);
  });

  it('indexes an archive on disk by member, with where each one\'s bytes start', async () => {
    const file = path.join(root, 'index.tar');
    writeFileSync(file, ARCHIVE);
    const members = await indexTar(file);
    expect([...members.keys()]).toEqual(['ok/a.txt', 'abs.txt', `ok/${'p'.repeat(150)}.txt`]);
    const a = members.get('ok/a.txt')!;
    expect(ARCHIVE.subarray(a.offset, a.offset + a.size).toString()).toBe('A');
  });

  it('refuses a damaged header and a cut-short archive', async () => {
    const damaged = Buffer.from(ARCHIVE.subarray(0, 512));
    damaged[0] = 0x41;
    expect(() => parseHeader(damaged)).toThrow(/header checksum/);
    const file = path.join(root, 'short.tar');
    writeFileSync(file, Buffer.concat([header('big.bin', 100000), Buffer.alloc(512)]));
    await expect(indexTar(file)).rejects.toThrow(/cut short inside big\.bin/);
  });
});
