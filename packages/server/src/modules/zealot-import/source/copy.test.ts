import { describe, expect, it } from 'vitest';
import { decodeCopyField, parseColumnLine, parseDump, splitCopyLine, tableName, type DumpEvent } from './copy.ts';

async function events(dump: string | Buffer, chunkBytes = 7): Promise<DumpEvent[]> {
  const data = typeof dump === 'string' ? Buffer.from(dump) : dump;
  // Small chunks, so lines and multi-byte characters are split across reads.
  const count = Math.ceil(data.length / chunkBytes);
  const chunks = Array.from({ length: count }, (_, at) => data.subarray(at * chunkBytes, (at + 1) * chunkBytes));
  const out: DumpEvent[] = [];
  for await (const event of parseDump((async function* () { yield* chunks; })())) out.push(event);
  return out;
}

describe('COPY text fields', () => {
  it('reads \\N as NULL, and a literal backslash-N as text', () => {
    expect(decodeCopyField(Buffer.from('\\N'))).toBeNull();
    expect(decodeCopyField(Buffer.from('\\\\N'))).toBe('\\N');
    expect(decodeCopyField(Buffer.from(''))).toBe('');
  });

  it('decodes every backslash escape', () => {
    expect(decodeCopyField(Buffer.from('a\\\\b'))).toBe('a\\b');
    expect(decodeCopyField(Buffer.from('\\t|\\n|\\r|\\b|\\f|\\v'))).toBe('\t|\n|\r|\b|\f|\v');
    expect(decodeCopyField(Buffer.from('\\101\\60\\0'))).toBe('A0\0');
    expect(decodeCopyField(Buffer.from('\\x41\\x4a\\x7'))).toBe('AJ\x07');
    expect(decodeCopyField(Buffer.from('\\q\\"'))).toBe('q"');
    expect(decodeCopyField(Buffer.from('\\1234'))).toBe('S4'); // three octal digits at most
  });

  it('decodes octal and hex escapes as UTF-8 bytes, and keeps raw UTF-8', () => {
    expect(decodeCopyField(Buffer.from('caf\\303\\251'))).toBe('café');
    expect(decodeCopyField(Buffer.from('\\xe6\\xb5\\x8b'))).toBe('测');
    expect(decodeCopyField(Buffer.from('测试 ✓'))).toBe('测试 ✓');
  });

  it('splits a row on tabs, escaped tabs staying inside their field', () => {
    expect(splitCopyLine(Buffer.from('1\ta\\tb\t\\N\t'))).toEqual(['1', 'a\tb', null, '']);
  });
});

describe('CREATE TABLE column lines', () => {
  it('takes the name and the type, whatever follows', () => {
    const cases: [string, string, string][] = [
      ['    id bigint NOT NULL,', 'id', 'bigint'],
      ["    name character varying DEFAULT ''::character varying NOT NULL,", 'name', 'character varying'],
      ['    created_at timestamp(6) without time zone NOT NULL,', 'created_at', 'timestamp(6) without time zone'],
      ['    changelog jsonb NOT NULL,', 'changelog', 'jsonb'],
      ["    custom_fields jsonb DEFAULT '[]'::jsonb NOT NULL,", 'custom_fields', 'jsonb'],
      ["    enabled_apps integer[] DEFAULT '{}'::integer[],", 'enabled_apps', 'integer[]'],
      ['    archived boolean DEFAULT false NOT NULL', 'archived', 'boolean'],
      ['    upload_events smallint,', 'upload_events', 'smallint'],
      ['    platform public.metadata_platform,', 'platform', 'public.metadata_platform'],
      ['    "object" character varying(255) COLLATE pg_catalog."C",', 'object', 'character varying(255)'],
      ['    "we""ird" text', 'we"ird', 'text'],
    ];
    for (const [line, name, type] of cases) expect(parseColumnLine(line)).toEqual({ name, type });
  });

  it('skips constraints', () => {
    expect(parseColumnLine('    CONSTRAINT positive CHECK ((id > 0))')).toBeNull();
  });

  it('unqualifies table names', () => {
    expect(tableName('public.apps')).toBe('apps');
    expect(tableName('"my schema"."apps_users"')).toBe('apps_users');
  });
});

const DUMP = [
  'SET statement_timeout = 0;',
  "SELECT pg_catalog.set_config('search_path', '', false);",
  'DROP TABLE IF EXISTS public.apps;',
  'CREATE TABLE public.apps (',
  '    id bigint NOT NULL,',
  '    name character varying NOT NULL,',
  '    description character varying,',
  '    archived boolean DEFAULT false NOT NULL',
  ');',
  '',
  'COPY public.apps (id, name, description, archived) FROM stdin;',
  '2\tZwei\t\\N\tt',
  '1\t测试\tline one\\nline two\\ttab \\\\ back\tf',
  '\\.',
  '',
  'ALTER TABLE ONLY public.apps ADD CONSTRAINT apps_pkey PRIMARY KEY (id);',
  'COPY public.empty (id) FROM stdin;',
  '\\.',
  '',
].join('\n');

describe('a pg_dump stream', () => {
  it('yields tables, COPY blocks and rows, skipping the rest', async () => {
    expect(await events(DUMP)).toEqual([
      {
        type: 'table',
        name: 'apps',
        columns: [
          { name: 'id', type: 'bigint' },
          { name: 'name', type: 'character varying' },
          { name: 'description', type: 'character varying' },
          { name: 'archived', type: 'boolean' },
        ],
      },
      { type: 'copy', table: 'apps', columns: ['id', 'name', 'description', 'archived'] },
      { type: 'row', table: 'apps', fields: ['2', 'Zwei', null, 't'] },
      { type: 'row', table: 'apps', fields: ['1', '测试', 'line one\nline two\ttab \\ back', 'f'] },
      { type: 'copy-end', table: 'apps' },
      { type: 'copy', table: 'empty', columns: ['id'] },
      { type: 'copy-end', table: 'empty' },
    ]);
  });

  it('reads the same whatever the chunk size', async () => {
    expect(await events(DUMP, 1)).toEqual(await events(DUMP, 65536));
  });
});
