import fc from 'fast-check';
import { hasMarkup } from './file-safety';

/** What the check stands for: the regular expression on the bytes read as Latin-1. */
const MARKUP = /<\s*(script|html|svg|iframe|body)[\s>/]/i;

describe('hasMarkup', () => {
  it('finds the markup a browser could run, in any case and after white space', () => {
    for (const text of ['<script>', '< SCRIPT/', '<\t\n iFrame ', '%PDF-1.4 <<>> <svg>', '<body\u00a0', '<html>']) {
      expect({ text, found: hasMarkup(Buffer.from(text, 'latin1')) }).toEqual({ text, found: true });
    }
    for (const text of ['<<', '<scrip>', '<scripts>', 'script>', '<script', '<< /Type /Catalog >>', '<svgs>']) {
      expect({ text, found: hasMarkup(Buffer.from(text, 'latin1')) }).toEqual({ text, found: false });
    }
  });

  it('agrees with the regular expression on any bytes made of its pieces', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '/',
      ' ',
      '\t',
      '\n',
      '\u00a0',
      '\u0085',
      'script',
      'SCRIPT',
      'Html',
      'svg',
      'iframe',
      'bOdY',
      'scrip',
      'x',
      '<<',
      'é',
      'ſ',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const bytes = Buffer.from(pieces.join(''), 'latin1');
        expect(hasMarkup(bytes)).toBe(MARKUP.test(bytes.toString('latin1')));
      }),
      { numRuns: 2000 },
    );
  });
});
