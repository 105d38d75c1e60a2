// The browsable API reference at /api/docs: Swagger UI's page, its files and the document, at the
// addresses @fastify/swagger-ui gives them. Registering that plugin loads @fastify/static and its
// dependencies into every server at start (about 1 MiB of idle memory) for a page few people
// open; these routes load Swagger UI's page builders on the first visit and read its files from
// disk when asked for. The document is the server's (http/openapi-document.ts).
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { documentYaml } from './openapi-document.ts';
import type { DocumentSource } from './openapi-document.ts';

const PREFIX = '/api/docs';
const UI_CONFIG = { docExpansion: 'list', deepLinking: true };
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

type PageBuilder = (url: string) => string;
interface SwaggerUi {
  indexHtml: PageBuilder;
  initializer: string;
  dir: string;
  files: Set<string>;
}

let loaded: Promise<SwaggerUi> | undefined;

/** Swagger UI's page and initializer builders and its folder of files, loaded once, on the first visit. */
function swaggerUi(): Promise<SwaggerUi> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const root = path.dirname(require.resolve('@fastify/swagger-ui/package.json'));
    const indexHtml = require(path.join(root, 'lib/index-html.js')) as (opts: object) => PageBuilder;
    const initializer = require(path.join(root, 'lib/swagger-initializer.js')) as (opts: object) => string;
    const dir = path.join(root, 'static');
    const logo = { type: 'image/svg+xml', content: await readFile(path.join(dir, 'logo.svg')) };
    return {
      indexHtml: indexHtml({ prefix: PREFIX, staticPrefix: '/static' }),
      initializer: initializer({ uiConfig: UI_CONFIG, logo }),
      dir,
      files: new Set((await readdir(dir)).filter((name) => TYPES[path.extname(name)] !== undefined)),
    };
  })();
  return loaded;
}

async function sendFile(reply: FastifyReply, name: string): Promise<FastifyReply> {
  const ui = await swaggerUi();
  // Only the files Swagger UI ships, by their plain names: no path reaches anything else.
  if (!ui.files.has(name)) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  return reply.type(TYPES[path.extname(name)]!).send(await readFile(path.join(ui.dir, name)));
}

export const apiDocsPlugin: FastifyPluginAsync<{ document: DocumentSource }> = async (app, { document }) => {
  const hidden = { schema: { hide: true } };
  app.get(PREFIX, hidden, async (request, reply) => reply.type('text/html; charset=utf-8').send((await swaggerUi()).indexHtml(request.url)));
  app.get(`${PREFIX}/static/index.html`, hidden, (request, reply) => reply.redirect(request.url.replace(/\/static\/index\.html$/, '/')));
  app.get(`${PREFIX}/static/swagger-initializer.js`, hidden, async (_request, reply) =>
    reply.type(TYPES['.js']!).send((await swaggerUi()).initializer),
  );
  app.get(`${PREFIX}/json`, hidden, async (_request, reply) => reply.send(await document()));
  app.get(`${PREFIX}/yaml`, hidden, async (_request, reply) => reply.type('application/x-yaml').send(await documentYaml(await document())));
  app.get<{ Params: { '*': string } }>(`${PREFIX}/static/*`, hidden, (request, reply) => sendFile(reply, request.params['*']));
};
