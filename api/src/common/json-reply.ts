// Fastify writes a JSON answer with JSON.stringify on every request. The hottest reads answer
// with a value ReadCache keeps, frozen, until the next write (the events, a parent's
// family): its text is kept beside it, so the requests after the first send the same string
// without serializing the value again. Everything else is serialized as before.
import type { FastifyInstance } from 'fastify';
import { isKeptRead } from '../database/read-cache';

export function registerKeptReplies(fastify: FastifyInstance): void {
  const texts = new WeakMap<object, string>();
  fastify.setReplySerializer((payload) => {
    if (!isKeptRead(payload)) return JSON.stringify(payload);
    let text = texts.get(payload);
    if (text === undefined) {
      text = JSON.stringify(payload);
      texts.set(payload, text);
    }
    return text;
  });
}
