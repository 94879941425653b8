import { lineChecksum, withFingerprints } from './line-identity';

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

describe('identical deposits in one file', () => {
  // Two families deposit Q450 in cash at the same agency on the same day: no document number, one description.
  const cash = line('2026-11-26', 45000, '', 'DEPOSITO EFECTIVO AGENCIA ZONA 10');
  const other = line('2026-11-26', 30000, '', 'DEPOSITO EFECTIVO AGENCIA ZONA 10');
  const fingerprints = (lines: Array<ReturnType<typeof line>>, account: string | null = null) =>
    withFingerprints(lines, account).map((fact) => fact.checksum);

  it("keeps the first one's fingerprint as it always was, and gives the second one its own", () => {
    const [first, second] = withFingerprints([cash, cash], '001-234567-8');
    // The fingerprint lines already kept were stored under: existing data still matches the first.
    expect(first!.checksum).toBe('eafcf89e2e67346a507d91cd5c63200f3dbdbf2dfbec602226d7536b2808f64a');
    expect(first).toMatchObject({ occurrence: 1, checksum: lineChecksum({ ...cash, account: '001-234567-8' }) });
    expect(second!.occurrence).toBe(2);
    expect(second!.checksum).not.toBe(first!.checksum);
    expect(fingerprints([cash])).toEqual(['de0f0c9e3804af933ff3abd0f59460313bf7eb6c8f3a01fe476499fb27b6121f']);
  });

  it('gives the k-th identical line of a day a fingerprint of its own, whatever lies between them', () => {
    const found = fingerprints([cash, other, cash, cash]);
    expect(new Set(found).size).toBe(4);
    expect(found[0]).toBe(lineChecksum(cash));
    expect(found[1]).toBe(lineChecksum(other));
  });

  it('repeats both fingerprints in an overlapping file that repeats both lines, and never adds a third', () => {
    const november = fingerprints([line('2026-11-25', 295000, '48213377', 'TRANSF'), cash, cash]);
    // The bank's own export a week later: the same two deposits, written its way, and one more of another day.
    const again = line('2026-11-26', 45000, ' ', 'Depósito efectivo, agencia zona 10');
    const later = fingerprints([again, again, line('2026-12-02', 45000, '', 'DEPOSITO EFECTIVO AGENCIA ZONA 10')]);
    expect(later.slice(0, 2)).toEqual(november.slice(1, 3));
    expect(november).not.toContain(later[2]);
  });

  it('counts only lines of the same account, day, amount and document or description as repeats', () => {
    const lines = [
      cash,
      line('2026-11-27', 45000, '', 'DEPOSITO EFECTIVO AGENCIA ZONA 10'),
      line('2026-11-26', 45000, '', 'DEPOSITO EFECTIVO AGENCIA ZONA 4'),
      line('2026-11-26', 45000, '55001', 'DEPOSITO EFECTIVO AGENCIA ZONA 10'),
    ];
    expect(withFingerprints(lines, null).map((fact) => fact.occurrence)).toEqual([1, 1, 1, 1]);
    expect(fingerprints(lines)).toEqual(lines.map((fact) => lineChecksum(fact)));
  });
});
