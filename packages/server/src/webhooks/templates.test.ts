// Logic-less webhook bodies: the documented variables from a release, escaping per target, and
// templates that try to run code rendering as harmless text (Zealot evaluated its body as Ruby).
import { describe, expect, it } from 'vitest';
import { sampleVariables, SAMPLE_RELEASE } from './sample.ts';
import { checkTemplate, escapeMarkdown, renderTemplate, sizeText, TemplateError, VARIABLE_NAMES } from './templates.ts';

describe('buildVariables', () => {
  it('describes the build, where it sits and its public links (no grant)', () => {
    const v = sampleVariables();
    expect(v).toMatchObject({
      event: 'upload',
      title: 'Sample App 2.4.0 (2401) uploaded to Beta iOS',
      app: { name: 'Sample App' },
      scheme: { name: 'Beta' },
      channel: { name: 'iOS', slug: 'k3x9q', url: 'https://tarmac.example.com/k3x9q' },
    });
    expect(v.build).toMatchObject({
      number: 12,
      version: '2.4.0',
      build_version: '2401',
      platform: 'iOS',
      size: 31_457_280,
      size_text: '31.5 MB',
      changelog: '- Faster *start-up* [beta]\n- Fix "login" <crash>',
      install_url: 'itms-services://?action=download-manifest&url=https://tarmac.example.com/channels/k3x9q/releases/42/install',
      qrcode_url: 'https://tarmac.example.com/channels/k3x9q/releases/42/qrcode',
      download_url: 'https://tarmac.example.com/k3x9q/42/download',
      release_url: 'https://tarmac.example.com/k3x9q/42',
      uploader: 'ada',
      uploaded_at: '2026-11-26T04:00:00.000Z',
    });
    expect(JSON.stringify(v)).not.toContain('grant');
  });

  it('falls back to the build number when the package has no version, and sizes read well', () => {
    const v = sampleVariables('download');
    expect(v.title).toContain('downloaded from');
    expect(sizeText(0)).toBe('0 B');
    expect(sizeText(1500)).toBe('1.5 KB');
    expect(sizeText(2_000_000_000)).toBe('2.0 GB');
    expect(SAMPLE_RELEASE.version).toBe(12);
  });
});

describe('renderTemplate', () => {
  it('escapes values inside JSON strings and checks the result is a JSON object', () => {
    const body = renderTemplate('{"text": "{{title}}", "log": "{{build.changelog}}", "size": {{build.size}}}', sampleVariables(), 'json');
    expect(JSON.parse(body)).toEqual({
      text: 'Sample App 2.4.0 (2401) uploaded to Beta iOS',
      log: '- Faster *start-up* [beta]\n- Fix "login" <crash>',
      size: 31_457_280,
    });
  });

  it('refuses a template that does not render to a JSON object', () => {
    expect(() => renderTemplate('{"text": {{title}}}', sampleVariables(), 'json')).toThrow(/valid JSON/);
    expect(() => renderTemplate('["{{title}}"]', sampleVariables(), 'json')).toThrow(/JSON object/);
  });

  it('escapes markdown in text but keeps links working', () => {
    const text = renderTemplate('{{build.changelog}} [Install]({{build.release_url}})', sampleVariables(), 'markdown');
    expect(text).toContain('\\- Faster \\*start\\-up\\* \\[beta\\]');
    expect(text).toContain('&lt;crash&gt;');
    expect(text).toContain('[Install](https://tarmac.example.com/k3x9q/42)');
    expect(escapeMarkdown('a_b')).toBe('a\\_b');
  });

  it('repeats changelog items and hides empty sections', () => {
    const text = renderTemplate('{{#build.changelog_items}}* {{message}}{{#author}} ({{author}}){{/author}}\n{{/build.changelog_items}}', sampleVariables(), 'text');
    expect(text).toBe('* Faster *start-up* [beta] (Ada)\n* Fix "login" <crash>\n');
  });

  it('renders attempts to run code as text or nothing', () => {
    const attempts = [
      '{{#constructor}}{{name}}{{/constructor}}',
      '{{constructor}}{{__proto__}}{{app.constructor.name}}{{build.changelog_items.map}}{{toString}}',
      '{{process.env}}{{process.env.TARMAC_SECRET_KEY}}{{global}}{{this}}',
      '{{#build.changelog_items.constructor}}x{{/build.changelog_items.constructor}}',
      '{{#app}}{{#constructor}}{{#constructor}}x{{/constructor}}{{/constructor}}{{/app}}',
    ];
    for (const template of attempts) expect(renderTemplate(template, sampleVariables(), 'text')).toBe('');
    expect(renderTemplate('<%= `id` %> #{system("id")} ${process.exit(1)}', sampleVariables(), 'text')).toBe(
      '<%= `id` %> #{system("id")} ${process.exit(1)}',
    );
    // A "lambda" is text in a template: there are no functions in the view to call.
    expect(renderTemplate('{{#build.changelog}}{{/build.changelog}}{{#lambda}}x{{/lambda}}', sampleVariables(), 'text')).toBe('');
  });

  it('refuses unescaped tags and partials, so every value is escaped', () => {
    expect(() => renderTemplate('{"t": "{{{title}}}"}', sampleVariables(), 'json')).toThrow(TemplateError);
    expect(() => renderTemplate('{{&title}}', sampleVariables(), 'text')).toThrow(/not allowed/);
    expect(() => renderTemplate('{{> secrets}}', sampleVariables(), 'text')).toThrow(/partials/);
    expect(() => renderTemplate('{{#a}}', sampleVariables(), 'text')).toThrow(/does not parse/);
    expect(() => renderTemplate('x'.repeat(20_000), sampleVariables(), 'text')).toThrow(/longer than/);
  });

  it('refuses a list repeated inside itself (output that multiplies) and caps the list', () => {
    const nested = '{{#build.changelog_items}}{{#build.changelog_items}}x{{/build.changelog_items}}{{/build.changelog_items}}';
    expect(() => renderTemplate(nested, sampleVariables(), 'text')).toThrow(/inside itself/);
    expect(checkTemplate(nested)).toEqual(['build.changelog_items cannot be repeated inside itself']);
    const many = sampleVariables();
    many.build.changelog_items = Array.from({ length: 5000 }, () => ({ message: 'm'.repeat(20), author: '' }));
    expect(() => renderTemplate('{{#build.changelog_items}}{{message}}{{/build.changelog_items}}', many, 'text')).toThrow(/more than/);
  });
});

describe('checkTemplate', () => {
  it('names unknown variables, refused tags and parse errors; accepts the documented set', () => {
    expect(checkTemplate(VARIABLE_NAMES.map((name) => `{{${name}}}`).join(' '))).toEqual([]);
    expect(checkTemplate('{{#build.changelog_items}}{{message}} {{author}}{{/build.changelog_items}}')).toEqual([]);
    expect(checkTemplate('{{process.env}} {{{title}}} {{>x}}')).toEqual([
      '{{{title}}} and {{&title}} are not allowed: every value is escaped',
      'partials ({{>x}}) are not allowed',
      'unknown variable "process.env"',
    ]);
    expect(checkTemplate('{{#a}}')[0]).toMatch(/does not parse/);
  });
});

describe('buildVariables limits', () => {
  it('keeps at most 100 changelog items (the text has them all)', async () => {
    const { buildVariables, MAX_CHANGELOG_ITEMS } = await import('./templates.ts');
    const { SAMPLE_CONTEXT } = await import('./sample.ts');
    const { createPublicUrls } = await import('../http/urls.ts');
    const changelog = Array.from({ length: 300 }, (_, i) => ({ message: `change ${i}` }));
    const v = buildVariables({ event: 'upload', release: { ...SAMPLE_RELEASE, changelog }, context: SAMPLE_CONTEXT, urls: createPublicUrls('https://t.test') });
    expect(v.build.changelog_items).toHaveLength(MAX_CHANGELOG_ITEMS);
    expect(v.build.changelog.split('\n')).toHaveLength(300);
  });
});
