import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
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

/**
 * JSON bodies parsed with prototype-poisoning protection; malformed JSON is a Spanish 400 and
 * an empty body counts as no body (so `POST /api/logout` may send the JSON content type). Every
 * body the API takes is an object: `null`, a number or an array is a 400 too (Nest would read
 * `null` as `{}`, and a body-less route would act on it).
 */
export function registerJsonParser(fastify: FastifyInstance): void {
  // JSON only: any other content type is a 415.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    let value: unknown;
    try {
      value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      return done(new BadRequestException(MESSAGES.badJson), undefined);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return done(new BadRequestException(MESSAGES.notObject), undefined);
    }
    const inherited = inheritedKey(value);
    if (typeof inherited === 'object') return done(new BadRequestException(TOO_DEEP_MESSAGE), undefined);
    if (inherited) {
      const message = `El campo «${inherited.split('.').pop()}» no está permitido.`;
      return done(new BadRequestException({ message, errors: { [inherited]: [message] } }), undefined);
    }
    done(null, value);
  });
}
