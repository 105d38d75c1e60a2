import { describe, expect, it } from 'vitest';
import { boundaryOf, MultipartError, MultipartParser, parseDisposition } from '../src/modules/uploads/multipart.ts';
import type { MultipartEvent, MultipartLimits } from '../src/modules/uploads/multipart.ts';

const B = '----tarmacBoundary42';

function form(parts: { name: string; value?: string | Buffer; filename?: string; headers?: string }[], closing = true): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.headers ?? `Content-Disposition: form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}\r\n`;
    pieces.push(Buffer.from(`--${B}\r\n${disposition}\r\n`), Buffer.from(part.value ?? ''), Buffer.from('\r\n'));
  }
  if (closing) pieces.push(Buffer.from(`--${B}--\r\n`));
  return Buffer.concat(pieces);
}

interface Parsed {
  fields: Record<string, string>;
  truncated: string[];
  files: { name: string; filename: string; data: Buffer }[];
}

/** Parses `chunks` in turn; `handled` runs on each chunk once its events are applied. */
function parse(chunks: Buffer[], limits?: MultipartLimits, handled?: (chunk: Buffer) => void): Parsed {
  const parser = new MultipartParser(B, limits);
  const result: Parsed = { fields: {}, truncated: [], files: [] };
  let current: Buffer[] | null = null;
  const apply = (event: MultipartEvent) => {
    if (event.type === 'field') {
      result.fields[event.name] = event.value;
      if (event.truncated) result.truncated.push(event.name);
    } else if (event.type === 'fileStart') {
      current = [];
      result.files.push({ name: event.name, filename: event.filename, data: Buffer.alloc(0) });
    } else if (event.type === 'fileData') {
      current!.push(Buffer.from(event.data));
    } else {
      result.files.at(-1)!.data = Buffer.concat(current!);
      current = null;
    }
  };
  for (const chunk of chunks) {
    parser.push(chunk).forEach(apply);
    handled?.(chunk);
  }
  parser.end();
  return result;
}

function split(body: Buffer, at: number[]): Buffer[] {
  const chunks: Buffer[] = [];
  let from = 0;
  for (const to of at) {
    chunks.push(body.subarray(from, to));
    from = to;
  }
  chunks.push(body.subarray(from));
  return chunks;
}

const FILE = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 31) % 256));

describe('MultipartParser', () => {
  const body = form([
    { name: 'token', value: 'secret' },
    { name: 'file', filename: 'app.apk', value: FILE },
    { name: 'changelog', value: 'after the file' },
  ]);
  const expected: Parsed = {
    fields: { token: 'secret', changelog: 'after the file' },
    truncated: [],
    files: [{ name: 'file', filename: 'app.apk', data: FILE }],
  };

  it('parses fields before and after the file in one chunk', () => {
    expect(parse([body])).toEqual(expected);
  });

  it('parses the same whatever single offset the body is split at', () => {
    for (let at = 0; at <= body.length; at++) expect(parse(split(body, [at])), `split at ${at}`).toEqual(expected);
  });

  it('parses the same when the body arrives byte by byte, or in chunks of every size up to 80', () => {
    expect(parse(split(body, Array.from({ length: body.length - 1 }, (_, i) => i + 1)))).toEqual(expected);
    for (let size = 2; size <= 80; size++) {
      const cuts = Array.from({ length: Math.floor((body.length - 1) / size) }, (_, i) => (i + 1) * size);
      expect(parse(split(body, cuts)), `chunks of ${size}`).toEqual(expected);
    }
  });

  it('keeps nothing of a chunk once its events are handled, so the caller may free it (receive.ts does)', () => {
    // Each chunk in memory of its own, detached (freed) right after its events are read.
    const parseFreeing = (chunks: Buffer[]) =>
      parse(
        chunks.map((chunk) => Buffer.from(new Uint8Array(chunk).buffer)),
        undefined,
        (chunk) => (chunk.buffer as ArrayBuffer).transfer(0),
      );
    for (let at = 0; at <= body.length; at++) expect(parseFreeing(split(body, [at])), `split at ${at}`).toEqual(expected);
    for (let size = 2; size <= 80; size++) {
      const cuts = Array.from({ length: Math.floor((body.length - 1) / size) }, (_, i) => (i + 1) * size);
      expect(parseFreeing(split(body, cuts)), `chunks of ${size}`).toEqual(expected);
    }
  });

  it('keeps file bytes that look like part of a delimiter', () => {
    const tricky = Buffer.from(`\r\n--${B.slice(0, -1)}x\r\n--\r\n-${B}`);
    const withTricky = form([{ name: 'file', filename: 'a', value: tricky }]);
    for (let at = 0; at <= withTricky.length; at++) expect(parse(split(withTricky, [at])).files[0]!.data.equals(tricky), `split at ${at}`).toBe(true);
  });

  it('parses empty parts, empty files and a preamble and epilogue', () => {
    const empty = Buffer.concat([Buffer.from('preamble\r\n'), form([{ name: 'password', value: '' }, { name: 'file', filename: 'e.apk' }]), Buffer.from('epilogue')]);
    expect(parse([empty])).toEqual({ fields: { password: '' }, truncated: [], files: [{ name: 'file', filename: 'e.apk', data: Buffer.alloc(0) }] });
  });

  it('reads quoted names with escapes and semicolons, and filename*= in UTF-8', () => {
    const parsed = parse([
      form([
        { name: '', headers: 'content-disposition: form-data; name="we\\"ird; name"\r\n', value: 'v' },
        { name: '', headers: `Content-Disposition: form-data; name=file; filename="fallback.apk"; filename*=UTF-8''%C3%A9t%C3%A9.apk\r\nContent-Type: application/octet-stream\r\n`, value: 'x' },
      ]),
    ]);
    expect(parsed.fields).toEqual({ 'we"ird; name': 'v' });
    expect(parsed.files[0]).toMatchObject({ name: 'file', filename: 'été.apk' });
    expect(parseDisposition('form-data; name=token').params).toEqual({ name: 'token' });
  });

  it('skips parts without a name', () => {
    expect(parse([form([{ name: '', headers: 'Content-Type: text/plain\r\n', value: 'lost' }, { name: 'a', value: 'b' }])]).fields).toEqual({ a: 'b' });
  });

  it('refuses a body without the final delimiter', () => {
    expect(() => parse([form([{ name: 'file', filename: 'a', value: FILE }], false)])).toThrow(expect.objectContaining({ code: 'MALFORMED', message: expect.stringMatching(/Unexpected end/) }));
    expect(() => parse([Buffer.concat([form([{ name: 'a', value: 'b' }], false), Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nhalf`)])])).toThrow(MultipartError);
    expect(() => parse([Buffer.from('no delimiter at all')])).toThrow(/Unexpected end/);
  });

  it('marks a field over the field size truncated, keeping the limit', () => {
    const parsed = parse([form([{ name: 'changelog', value: 'x'.repeat(1500) }])], { maxFieldBytes: 1000 });
    expect(parsed.truncated).toEqual(['changelog']);
    expect(parsed.fields.changelog).toHaveLength(1000);
  });

  it('enforces the field count, file count and file size limits', () => {
    const fields = form(Array.from({ length: 4 }, (_, i) => ({ name: `f${i}`, value: 'v' })));
    expect(() => parse([fields], { maxFields: 3 })).toThrow(expect.objectContaining({ code: 'TOO_MANY_FIELDS' }));
    const twoFiles = form([{ name: 'file', filename: 'a', value: 'a' }, { name: 'other', filename: 'b', value: 'b' }]);
    expect(() => parse([twoFiles])).toThrow(expect.objectContaining({ code: 'TOO_MANY_FILES' }));
    expect(() => parse([form([{ name: 'file', filename: 'a', value: FILE }])], { maxFileBytes: FILE.length - 1 })).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE' }));
    expect(parse([form([{ name: 'file', filename: 'a', value: FILE }])], { maxFileBytes: FILE.length }).files[0]!.data).toEqual(FILE);
  });

  it('refuses a malformed delimiter line and an overlong part head', () => {
    expect(() => parse([Buffer.from(`--${B}junk\r\n\r\n\r\n--${B}--`)])).toThrow(expect.objectContaining({ code: 'MALFORMED' }));
    expect(() => parse([Buffer.from(`--${B}\r\nX-Long: ${'h'.repeat(20_000)}`)])).toThrow(/too long/);
  });
});

describe('boundaryOf', () => {
  it('reads plain and quoted boundaries', () => {
    expect(boundaryOf(`multipart/form-data; boundary=${B}`)).toBe(B);
    expect(boundaryOf('Multipart/Form-Data; charset=utf-8; boundary="a b;c"')).toBe('a b;c');
  });

  it('refuses other types, a missing boundary and one over 256 characters', () => {
    expect(() => boundaryOf('application/json')).toThrow('Unsupported Content-Type');
    expect(() => boundaryOf(undefined)).toThrow('Unsupported Content-Type');
    expect(() => boundaryOf('multipart/form-data')).toThrow('Boundary not found');
    expect(() => boundaryOf(`multipart/form-data; boundary=${'b'.repeat(257)}`)).toThrow(/longer than 256/);
  });
});
