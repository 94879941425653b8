import { BadRequestException } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { MESSAGES } from './api-exception.filter';

/**
 * JSON bodies parsed with prototype-poisoning protection; malformed JSON is a Spanish 400 and
 * an empty body counts as no body (so `POST /api/logout` may send the JSON content type).
 */
export function registerJsonParser(fastify: FastifyInstance): void {
  // JSON only: any other content type is a 415.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      done(new BadRequestException(MESSAGES.badJson), undefined);
    }
  });
}
