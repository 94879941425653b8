import { diff, redact } from './record';

describe('history redaction', () => {
  it('never keeps passwords, tokens, sessions, links or file bytes, at any depth', () => {
    const kept = redact({
      name: 'Ana',
      passwordHash: '$argon2id$v=19$secreto',
      password: 'clave',
      token: 'abc',
      tokenHash: 'def',
      sessionId: 'ghi',
      link: 'https://portal/auth/restablecer?token=abc',
      url: 'https://portal/auth/invitacion?token=abc',
      data: Buffer.from('%PDF-1.4'),
      thumbnail: Buffer.from('jpeg'),
      other: new Uint8Array([1, 2]),
      review: { reviewedBy: 'Comité', resetToken: 'xyz' },
      at: new Date('2030-01-01T00:00:00.000Z'),
    });
    expect(kept).toEqual({ name: 'Ana', review: { reviewedBy: 'Comité' }, at: '2030-01-01T00:00:00.000Z' });
  });

  it('keeps only the fields that changed', () => {
    expect(diff({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', d: 2 })).toEqual([
      { b: 'x', d: null },
      { b: 'y', d: 2 },
    ]);
    expect(diff({ a: 1 }, { a: 1 })).toBeNull();
  });
});
