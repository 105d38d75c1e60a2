// request.formData() on the routes with multipart fields (http/multipart-fields.ts): the plugin
// registers without reading the global FormData, and request.formData() still answers.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { multipartFields } from '../src/http/multipart-fields.ts';

describe('multipartFields', () => {
  it('parses multipart fields into the body and builds request.formData() from them', async () => {
    const app = Fastify();
    await app.register(multipartFields, { attachFieldsToBody: 'keyValues', limits: { files: 0 } });
    app.post('/', async (request) => {
      const form = await request.formData();
      return { body: request.body, form: [...form.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : 'file']) };
    });
    const boundary = 'b0undary';
    const payload = [`--${boundary}`, 'content-disposition: form-data; name="name"', '', 'Tarmac', `--${boundary}`, 'content-disposition: form-data; name="tag"', '', 'a', `--${boundary}`, 'content-disposition: form-data; name="tag"', '', 'b', `--${boundary}--`, ''].join('\r\n');
    const response = await app.inject({ method: 'POST', url: '/', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(response.json()).toEqual({ body: { name: 'Tarmac', tag: ['a', 'b'] }, form: [['name', 'Tarmac'], ['tag', 'a'], ['tag', 'b']] });
    expect(globalThis.globalThis).toBe(globalThis);
    await app.close();
  });
});
