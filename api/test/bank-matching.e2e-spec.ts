// How the bank import proposes a family for a deposit whose description has no valid reference:
// a reference one character off (O for 0, I for 1, a wrong check letter) and the family's names
// weigh more than an amount, and a proposal that rests on the amount alone says so.
import type { BankConfirmResult, BankPreview, BankPreviewLine } from '@portal/contracts';
import { paymentReference } from '../src/families/payment-reference';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { createFamily, createUser, sessionAgent } from './fixtures';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';
import { BOUNDARY, multipart } from './receipts-fixtures';

const AMOUNTS = [2950, 3400, 1500, 1500, 1000, 1000];

describe.each(DATABASES)('bank matching without a valid reference (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;
  /** Valentina Morales' family: owes its first payment (Q2,950). */
  let valentina: number;
  /** The only family that owes Q3,400 next. */
  let diaz: number;
  /** A family whose number has a 1 in it, and one whose number has a 0 after its first digit. */
  let withOne: number;
  let withZero: number;

  const preview = async (csv: string) => {
    const cookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/bank-statements/preview',
      payload: multipart({}, { data: Buffer.from(csv, 'utf8'), name: 'estado.csv', type: 'text/csv' }),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json<BankPreview>().lines;
  };
  /** One deposit of that description and amount, read from a statement. */
  const line = async (description: string, amount: number): Promise<BankPreviewLine> =>
    (await preview(`Fecha;Descripción;Crédito\n20/11/2026;${description};Q ${amount}.00\n`))[0]!;

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await sessionAgent(api, (await createUser(api, 'admin', 'tesorera@example.com', 'Tesorera')).id);
    for (const [index, amount] of AMOUNTS.entries()) {
      await api.dataSource
        .getRepository(PaymentDateEntity)
        .update({ id: (index + 1) as 1 }, { amountCentavos: amount * 100, twinsAmountCentavos: null });
    }
    const ids: number[] = [];
    for (let count = 0; count < 12; count += 1) ids.push((await createFamily(api)).id);
    withOne = ids.find((id) => paymentReference(2026, id).split('-')[1]!.includes('1'))!;
    withZero = ids.find((id) => id !== withOne && paymentReference(2026, id).split('-')[1]!.slice(1).includes('0'))!;
    valentina = (await createFamily(api, { contactName: 'Jorge Morales', graduateName: 'Valentina Morales' })).id;
    diaz = (await createFamily(api, { contactName: 'Rosa Díaz', graduateName: 'Andrés Díaz' })).id;
    // The Díaz family pays its first payment: it alone owes Q3,400 (its second) next.
    const paid = await line(`DEPOSITO ${paymentReference(2026, diaz)}`, 2950);
    expect(paid.match).toMatchObject({ familyId: diaz, exact: true });
    const { body } = await admin.post<BankConfirmResult>('/api/bank-statements/confirm', {
      lines: [
        { date: paid.date, description: paid.description, document: paid.document, amountCentavos: paid.amountCentavos, familyId: diaz },
      ],
    });
    expect(body).toEqual({ applied: 1, discarded: 0, linked: 0, income: 0 });
  });
  afterAll(() => api.close());

  /** The reference with its check letter replaced by another one. */
  const wrongLetter = (reference: string) => reference.slice(0, -1) + (reference.endsWith('K') ? 'T' : 'K');

  it("proposes the family of a reference with a wrong check letter and the child's name, not the one that owes the amount", async () => {
    const written = wrongLetter(paymentReference(2026, valentina));
    const deposit = await line(`${written} valentina`, 3400);
    expect(deposit.match).toMatchObject({ familyId: valentina, by: 'casi', exact: false, reference: paymentReference(2026, valentina) });
    expect(deposit.match!.reason).toBe(
      `Sin referencia exacta: referencia casi igual a ${paymentReference(2026, valentina)} (en la descripción: ${written}); la descripción nombra a la familia (valentina); el monto no es el de su próximo pago (Q2,950).`,
    );
  });

  it('reads an O for a zero and an I for a one as a near reference', async () => {
    const zero = paymentReference(2026, withZero);
    const typedZero = zero.slice(0, 4) + zero.slice(4).replace('0', 'O');
    const o = await line(`DEP ${typedZero}`, 2950);
    expect(o.match).toMatchObject({ familyId: withZero, by: 'casi', exact: false });
    expect(o.match!.reason).toContain(`referencia casi igual a ${zero} (en la descripción: ${typedZero})`);
    expect(o.match!.reason).toContain('el monto es el de su ');

    const one = paymentReference(2026, withOne);
    const typedOne = one.slice(0, 4) + one.slice(4).replace('1', 'I');
    const i = await line(`transferencia ${typedOne.toLowerCase()}`, 100);
    expect(i.match).toMatchObject({ familyId: withOne, by: 'casi', exact: false });
    expect(i.match!.reason).toContain(`referencia casi igual a ${one}`);
  });

  it('a name in the description weighs more than the amount another family owes', async () => {
    const named = await line('DEPOSITO JORGE MORALES', 3400);
    expect(named.match).toMatchObject({ familyId: valentina, by: 'nombre', exact: false });
    expect(named.match!.reason).toBe(
      'Sin referencia: la descripción nombra a la familia (jorge, morales); el monto no es el de su próximo pago (Q2,950).',
    );
    // Accents and case do not matter: 'DIAZ' names the Díaz family.
    const diazLine = await line('DEP ROSA DIAZ', 3400);
    expect(diazLine.match).toMatchObject({ familyId: diaz, by: 'nombre' });
    expect(diazLine.match!.reason).toBe(
      'Sin referencia: la descripción nombra a la familia (rosa, diaz); el monto es el de su Segundo Pago.',
    );
  });

  it('says so when only the amount ties the deposit to a family, and proposes nobody when several owe it', async () => {
    const amountOnly = await line('DEPOSITO EN EFECTIVO 88231', 3400);
    expect(amountOnly.match).toMatchObject({ familyId: diaz, by: 'monto', exact: false });
    expect(amountOnly.match!.reason).toBe(
      'Solo por el monto: Q3,400 es el de su Segundo Pago y ninguna otra familia debe ese monto; la descripción no nombra a la familia ni trae su referencia.',
    );
    // Thirteen families owe Q2,950: the amount tells none apart.
    expect((await line('DEPOSITO EN EFECTIVO 88232', 2950)).match).toBeNull();
  });

  it("reads a 'No. Boleta' column as the deposit's document number", async () => {
    const lines = await preview(
      `Fecha;No. Boleta;Descripción;Crédito\n21/11/2026;778812;DEPOSITO ${paymentReference(2026, diaz)};Q 3,400.00\n`,
    );
    expect(lines.map((one) => [one.document, one.match?.familyId, one.match?.exact])).toEqual([['778812', diaz, true]]);
  });
});
