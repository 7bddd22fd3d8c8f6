// fastify loads its schema compilers (ajv and fast-json-stringify, a tenth of a second of a start)
// when an app is created. The reference declares no route schema, so it hands fastify builders that
// load them from fastify's own dependencies only if a route ever asks for one.
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

type Builder = (...args: unknown[]) => unknown;
type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

function onFirstUse(module: string): Builder {
  let build: Builder | undefined;
  return (...args) => (build ??= (fromFastify(module) as () => Builder)())(...args);
}

/** fastify's `schemaController.compilersFactory`: its default compilers, loaded on first use. */
export const SCHEMA_COMPILERS_ON_USE: Factories = {
  buildValidator: onFirstUse('@fastify/ajv-compiler') as Factories['buildValidator'],
  buildSerializer: onFirstUse('@fastify/fast-json-stringify-compiler') as Factories['buildSerializer'],
};
