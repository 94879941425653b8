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

/** The path of the first key that is one of those names, at any depth. */
function inheritedKey(value: unknown, prefix = ''): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (INHERITED.has(key)) return prefix + key;
    const nested = inheritedKey(child, `${prefix}${key}.`);
    if (nested) return nested;
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
    if (inherited) {
      const message = `El campo «${inherited.split('.').pop()}» no está permitido.`;
      return done(new BadRequestException({ message, errors: { [inherited]: [message] } }), undefined);
    }
    done(null, value);
  });
}
