// errorText / fieldError: a server code in the user's language with its params, field problems by
// their codes, and the server's sentence for a code this web app does not know.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { errorText, fieldError } from './error-text.ts';

const errorsOf = (language: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, '../i18n/locales', language, 'errors.json'), 'utf8')) as Record<string, unknown>;
const enErrors = errorsOf('en');
const zhErrors = errorsOf('zh-CN');

beforeAll(async () => {
  await i18n.init({
    resources: { en: { translation: { errors: enErrors } }, 'zh-CN': { translation: { errors: zhErrors } } },
    lng: 'zh-CN',
    fallbackLng: false,
    interpolation: { escapeValue: false },
  });
});

const refusal = (code: string, params = {}) => new ApiError(409, 'English sentence', undefined, { code, params });

describe('error text', () => {
  it('translates a code with its params, in the current language', async () => {
    expect(errorText(refusal('app.archived', { app: 'Acme' }))).toBe('应用“Acme”已归档，无法修改。请先取消归档。');
    await i18n.changeLanguage('en');
    expect(errorText(refusal('app.archived', { app: 'Acme' }))).toBe('App "Acme" is archived and cannot be changed. Unarchive it first.');
    await i18n.changeLanguage('zh-CN');
  });

  it('tells that the file store (S3) cannot be reached, in both languages', async () => {
    const unavailable = new ApiError(503, 'The file store cannot be reached; try again later', undefined, { code: 'service.storage_unavailable', params: {} });
    expect(errorText(unavailable)).toBe('无法连接文件存储。请稍后重试；如果一直失败，请联系管理员。');
    await i18n.changeLanguage('en');
    expect(errorText(unavailable)).toBe('The file store cannot be reached. Try again later; if it keeps failing, tell your administrator.');
    await i18n.changeLanguage('zh-CN');
  });

  it("falls back to the server's sentence for an unknown code, no code, or a plain error", () => {
    expect(errorText(refusal('brand.new_code'))).toBe('English sentence');
    expect(errorText(new ApiError(0, 'offline'))).toBe('offline');
    expect(errorText(new Error('boom'))).toBe('boom');
  });

  it('shows field problems by code, the sentence for "invalid", and sums them up for validation.failed', () => {
    const error = new ApiError(422, 'Validation failed: …', { name: ["can't be blank"], changelog: ['entry 1 has no message'] }, {
      code: 'validation.failed',
      fields: { name: [{ code: 'blank' }], changelog: [{ code: 'invalid' }] },
    });
    expect(fieldError(error, 'name')).toBe('不能为空');
    expect(fieldError(error, 'changelog')).toBe('entry 1 has no message');
    expect(fieldError(error, 'slug')).toBeUndefined();
    expect(errorText(error)).toBe('部分字段需要修改：name：不能为空; changelog：entry 1 has no message');
    const long = new ApiError(422, 'x', { name: ['is too long (maximum is 255 characters)'] }, { fields: { name: [{ code: 'too_long', params: { max: 255 } }] } });
    expect(fieldError(long, 'name')).toBe('太长（最多 255 个字符）');
  });
});
