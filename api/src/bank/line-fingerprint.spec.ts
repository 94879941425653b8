import { lineChecksum } from './line-identity';

const line = (date: string, amountCentavos: number, document: string, description: string, account: string | null = null) => ({
  date,
  amountCentavos,
  document,
  description,
  account,
});

describe("a bank line's fingerprint", () => {
  it('is the same for a deposit exported as CSV and as the bank XLSX', () => {
    expect(lineChecksum(line('2026-11-25', 295000, '00048213377', 'TRANSF. ACH INDUSTRIAL  P26-014-R'))).toBe(
      lineChecksum(line('2026-11-25', 295000, '48213377', 'Transf ACH Industrial - p26-014-r')),
    );
    // Without a document number, the description in other case, accents and punctuation.
    expect(lineChecksum(line('2026-11-26', 45000, '', 'DEPÓSITO EFECTIVO, AGENCIA ZONA 10'))).toBe(
      lineChecksum(line('2026-11-26', 45000, ' ', 'deposito  efectivo agencia zona 10')),
    );
  });

  it('tells apart two deposits of the same amount and day', () => {
    const same = (a: ReturnType<typeof line>, b: ReturnType<typeof line>) => lineChecksum(a) === lineChecksum(b);
    expect(same(line('2026-11-25', 295000, '48213377', 'TRANSF'), line('2026-11-25', 295000, '48213378', 'TRANSF'))).toBe(false);
    expect(same(line('2026-11-26', 45000, '', 'DEPOSITO ZONA 10'), line('2026-11-26', 45000, '', 'DEPOSITO ZONA 4'))).toBe(false);
    expect(same(line('2026-11-26', 45000, '', 'DEPOSITO'), line('2026-11-27', 45000, '', 'DEPOSITO'))).toBe(false);
    expect(same(line('2026-11-26', 45000, '', 'DEPOSITO'), line('2026-11-26', 45001, '', 'DEPOSITO'))).toBe(false);
  });

  it('counts the account when the statement gives it', () => {
    const deposit = line('2026-11-25', 295000, '48213377', 'TRANSF');
    expect(lineChecksum({ ...deposit, account: '001-234567-8' })).toBe(lineChecksum({ ...deposit, account: '0012345678' }));
    expect(lineChecksum({ ...deposit, account: '001-234567-8' })).not.toBe(lineChecksum({ ...deposit, account: '001-234567-9' }));
    expect(lineChecksum({ ...deposit, account: null })).toBe(lineChecksum({ ...deposit, account: '' }));
  });
});
