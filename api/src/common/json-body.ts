// Fastify parses JSON bodies itself, with the size limit and the prototype-poisoning refusals set
// where the adapter is made (app.ts); Fastify's own errors become Spanish 400s in
// api-exception.filter.ts. What Fastify does not do is here.
// Kept by hand because Fastify's parser accepts `null`, `{"toString":[1]}` and a body nested
// 10,000 deep as they are, and each then reached a route (bad-input and early-errors suites).
import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from './api-exception.filter';

/**
 * Names every object inherits (`toString`, `constructor`, ...), and `prototype`: never a field of
 * ours. class-validator's whitelist looks fields up in a plain object, so `toString` or
 * `hasOwnProperty` would slip through it and reach the entity; Nest's ValidationPipe silently
 * deletes `prototype` and `constructor`, so they would be accepted rather than refused.
 */
const INHERITED = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/** No body of ours nests more than a few levels; deeper is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = 'El cuerpo de la solicitud tiene demasiados niveles anidados.';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

/**
 * The path of the first key that is one of those names, at any depth, or `tooDeep` when the
 * value nests more than MAX_JSON_DEPTH levels. Iterative, depth first in key order: a recursive
 * walk overflowed the stack on a 20 KB body nested 10,000 deep (a 500 before any sign-in).
 */
function inheritedKey(root: object): string | { tooDeep: true } | undefined {
  const stack = [{ entries: Object.entries(root), index: 0, prefix: '' }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const entry = top.entries[top.index];
    if (!entry) {
      stack.pop();
      continue;
    }
    top.index += 1;
    const [key, child] = entry;
    if (INHERITED.has(key)) return top.prefix + key;
    if (typeof child === 'object' && child !== null) {
      if (stack.length >= MAX_JSON_DEPTH) return { tooDeep: true };
      stack.push({ entries: Object.entries(child), index: 0, prefix: `${top.prefix}${key}.` });
    }
  }
  return undefined;
}

/** Why a parsed JSON body is refused, or null. */
function bodyError(value: unknown): BadRequestException | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return new BadRequestException(MESSAGES.notObject);
  const inherited = inheritedKey(value);
  if (typeof inherited === 'object') return new BadRequestException(TOO_DEEP_MESSAGE);
  if (!inherited) return null;
  const message = `El campo «${inherited.split('.').pop()}» no está permitido.`;
  return new BadRequestException({ message, errors: { [inherited]: [message] } });
}

/**
 * JSON only: Fastify's text/plain parser goes, so any other type is a 415. An empty body with the
 * JSON type counts as no body (Fastify calls it bad JSON), so `POST /api/logout` may send the type.
 * Every body the API takes is an object: `null`, a number or an array is a 400 (Nest would read
 * `null` as `{}`, and a body-less route would act on it).
 */
export function registerJsonBodyRules(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('text/plain');
  fastify.addHook('onRequest', (request, _reply, done) => {
    const headers = request.raw.headers;
    if (headers['content-length'] === '0' && JSON_TYPE.test(headers['content-type'] ?? '')) delete headers['content-type'];
    done();
  });
  fastify.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined || !JSON_TYPE.test(request.headers['content-type'] ?? '')) return done();
    const error = bodyError(request.body);
    if (error) return done(error);
    done();
  });
}
