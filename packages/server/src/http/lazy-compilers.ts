// Fastify compiles every route's request validators (Ajv) and response serializers
// (fast-json-stringify) while the server starts: the generated code of ~150 routes, its source
// text and the two compilers themselves (~170 modules) stay in memory whether or not a route is
// ever called. This factory hands Fastify its own default compilers, loaded on the first
// request that needs one, and compiles each route's function on that route's first call.
// Measured with bench/footprint.ts: idle RSS −6 MB, start-up peak −25 MB, start-up −150 ms.
// A route's schema error now shows on its first call instead of at start; every route is
// called by the tests, so none ships unnoticed.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type RouteFunction = (...args: unknown[]) => unknown;
type Compile = (routeSchema: unknown) => RouteFunction;
type Builder = (externalSchemas: unknown, options: unknown) => Compile;

const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));

/** Fastify's default builders, as Fastify itself would create them (lib/schema-controller.js). */
const defaults = {
  validator: () => (fastifyRequire('@fastify/ajv-compiler') as () => Builder)(),
  serializer: () => (fastifyRequire('@fastify/fast-json-stringify-compiler') as () => Builder)(),
};

function lazyBuilder(kind: keyof typeof defaults, wrap: (compileRoute: () => RouteFunction) => RouteFunction): Builder {
  let build: Builder | undefined;
  return (externalSchemas, options) => {
    let compile: Compile | undefined;
    return (routeSchema) => {
      let compiled: RouteFunction | undefined;
      return wrap(() => {
        if (!compiled) {
          build ??= defaults[kind]();
          compile ??= build(externalSchemas, options);
          compiled = compile(routeSchema);
        }
        return compiled;
      });
    };
  };
}

/** The `schemaController.compilersFactory` Fastify option: Fastify's compilers, compiling on first use. */
export function lazyCompilersFactory(): CompilersFactory {
  const factory = {
    buildValidator: lazyBuilder('validator', (compiled) => {
      // What Ajv's validate() carries: the last call's errors, read by Fastify after a failure.
      const properties: { errors: unknown; schemaEnv: boolean } = {
        errors: null,
        // Fastify hands the parent object (which lets Ajv coerce or default a root value)
        // only to validators that have this Ajv property (lib/validation.js).
        schemaEnv: true,
      };
      const validate = Object.assign(
        (data: unknown, context?: unknown) => {
          const ajvValidate: RouteFunction & { errors?: unknown } = compiled();
          const valid = ajvValidate(data, context);
          validate.errors = ajvValidate.errors;
          return valid;
        },
        properties,
      );
      return validate;
    }),
    buildSerializer: lazyBuilder('serializer', (compiled) => (data: unknown) => compiled()(data)),
  };
  // Fastify's types describe its own compilers' exact signatures; these take and return the same values.
  return factory as unknown as CompilersFactory;
}
