// @fastify/multipart for the routes whose multipart fields become request.body, without the
// ~1.5 MB of idle RSS (2 MB of heap, measured with bench/footprint.ts) it would otherwise cost
// every server at start. The plugin, as it registers, reads the global FormData (to offer
// request.formData()), and that one read makes Node load its whole fetch implementation
// (undici: ~750 KB of source and what V8 builds from it), which no route ever uses. This
// wrapper registers the plugin unchanged while the global FormData reads as undefined, and
// first defines request.formData() itself: the same FormData of the body, built when called,
// so FormData (and undici) load only then.
import multipart from '@fastify/multipart';
import type { FastifyMultipartAttachFieldsToBodyOptions } from '@fastify/multipart';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** request.formData(): the body's fields (strings, buffers, lists of them) as a FormData. */
export async function formDataOfBody(this: FastifyRequest): Promise<FormData> {
  const form = new FormData();
  const body = (this.body ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(key, Buffer.isBuffer(item) ? new Blob([item]) : String(item));
    }
  }
  return form;
}

/**
 * Calls `register` (synchronous) while `globalThis.FormData` reads as undefined, without reading
 * the real one: the code it runs sees, as `globalThis`, a view of the global object without
 * FormData. Every other name, and the global object itself, are untouched.
 */
function withoutGlobalFormData(register: () => void): void {
  const real = globalThis;
  // Not a proxy of the global object itself: a proxy's checks would read the real FormData.
  const view = new Proxy(Object.create(null) as object, { get: (_, key) => (key === 'FormData' ? undefined : (Reflect.get(real, key) as unknown)) });
  Object.defineProperty(real, 'globalThis', { value: view, writable: true, configurable: true, enumerable: false });
  try {
    register();
  } finally {
    Object.defineProperty(real, 'globalThis', { value: real, writable: true, configurable: true, enumerable: false });
  }
}

const plugin: FastifyPluginCallback<FastifyMultipartAttachFieldsToBodyOptions> = (instance, options, done) => {
  instance.decorateRequest('formData', formDataOfBody);
  withoutGlobalFormData(() => multipart(instance, options, done));
};

/** @fastify/multipart's plugin, registered in the scope that registers this (as the plugin is). */
export const multipartFields = fp(plugin, { fastify: '5.x', name: 'tarmac-multipart-fields' });
