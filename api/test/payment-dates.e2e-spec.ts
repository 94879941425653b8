import type { PaymentDate } from '@portal/contracts';
import { PaymentDateEntity } from '../src/payments/payment-date.entity';
import { DATABASES, startApi, type Agent, type TestApi } from './harness';

type ErrorBody = { statusCode: number; message: string; errors?: Record<string, string[]> };

const DEFAULTS: PaymentDate[] = [
  {
    id: 1,
    title: 'Primer Pago',
    date: '2025-09-23',
    description: '50% de varios eventos',
    amount: 'Q2,950 (Q4,250 familias con gemelos)',
    amountQuetzales: 2950,
    twinsAmountQuetzales: 4250,
  },
  {
    id: 2,
    title: 'Segundo Pago',
    date: '2025-10-22',
    description: '50% restante de varios eventos y Misa',
    amount: 'Q2,950 + Misa Q450',
    amountQuetzales: 3400,
    twinsAmountQuetzales: null,
  },
  {
    id: 3,
    title: 'Tercer Pago',
    date: '2025-11-18',
    description: '50% de la primera mesa',
    amount: '50% primera mesa',
    amountQuetzales: null,
    twinsAmountQuetzales: null,
  },
  {
    id: 4,
    title: 'Cuarto Pago',
    date: '2026-01-17',
    description: '50% restante de la primera mesa',
    amount: '50% primera mesa',
    amountQuetzales: null,
    twinsAmountQuetzales: null,
  },
  {
    id: 5,
    title: 'Quinto Pago',
    date: '2026-02-17',
    description: 'Segunda mesa (sujeta a disponibilidad) y volantes',
    amount: 'Segunda mesa y volantes',
    amountQuetzales: null,
    twinsAmountQuetzales: null,
  },
  {
    id: 6,
    title: 'Sexto Pago',
    date: '2026-03-10',
    description: 'Extras',
    amount: 'Según extras solicitados',
    amountQuetzales: null,
    twinsAmountQuetzales: null,
  },
];

const CHANGE = { description: 'Primera mitad de los eventos', date: '2025-09-30', amount: 'Q3,000' };

describe.each(DATABASES)('payment dates (%s)', (kind) => {
  let api: TestApi;
  let admin: Agent;

  const rows = () => api.dataSource.getRepository(PaymentDateEntity).find({ order: { id: 'ASC' } });

  beforeAll(async () => {
    api = await startApi(kind);
    admin = await api.signedIn('admin');
  });
  afterAll(() => api.close());

  it('starts with the six payments of the spec and shows them to any signed-in user', async () => {
    const parent = await api.signedIn('parent');
    for (const agent of [admin, parent]) {
      expect(await agent.get('/api/payment-dates')).toMatchObject({ status: 200, body: DEFAULTS });
    }
    expect(await api.agent().get('/api/payment-dates')).toMatchObject({ status: 401 });
  });

  it('lets an admin change a payment and returns it with its title', async () => {
    const response = await admin.put<PaymentDate>('/api/payment-dates/1', { ...CHANGE, amount: '  Q3,000 ' });
    expect(response.status).toBe(200);
    // The spec's body changes the texts; the amounts in quetzales stay as they were.
    const amounts = { amountQuetzales: 2950, twinsAmountQuetzales: 4250 };
    expect(response.body).toEqual({ id: 1, title: 'Primer Pago', ...CHANGE, ...amounts });
    expect((await admin.get<PaymentDate[]>('/api/payment-dates')).body).toEqual([response.body, ...DEFAULTS.slice(1)]);
    expect((await rows())[0]).toEqual({ id: 1, ...CHANGE, amountCentavos: 295000, twinsAmountCentavos: 425000 });
  });

  it('accepts the last payment number and the 29th of February of a leap year', async () => {
    const response = await admin.put<PaymentDate>('/api/payment-dates/6', { ...CHANGE, date: '2028-02-29' });
    expect(response).toMatchObject({ status: 200, body: { id: 6, title: 'Sexto Pago', date: '2028-02-29' } });
  });

  it.each([
    ['a day that does not exist', { date: '2026-02-29' }, 'date', 'La fecha debe ser una fecha válida (aaaa-mm-dd).'],
    ['a date with a time', { date: '2026-03-10T00:00:00Z' }, 'date', 'La fecha debe ser una fecha válida (aaaa-mm-dd).'],
    ['a date in another format', { date: '10/03/2026' }, 'date', 'La fecha debe ser una fecha válida (aaaa-mm-dd).'],
    ['a missing date', { date: undefined }, 'date', 'La fecha debe ser una fecha válida (aaaa-mm-dd).'],
    ['a missing description', { description: undefined }, 'description', 'La descripción es requerida.'],
    ['a blank description', { description: '   ' }, 'description', 'La descripción es requerida.'],
    ['a description over 300 characters', { description: 'd'.repeat(301) }, 'description', 'no puede tener más de 300'],
    ['an empty amount', { amount: '' }, 'amount', 'El monto es requerido.'],
    ['an amount as a number', { amount: 2950 }, 'amount', 'El monto es requerido.'],
    ['an amount over 200 characters', { amount: 'a'.repeat(201) }, 'amount', 'El monto no puede tener más de 200 caracteres.'],
    ['a title, which comes from the payment number', { title: 'Pago Especial' }, 'title', 'El campo «title» no está permitido.'],
  ])('refuses %s and changes nothing', async (_case, change, field, message) => {
    const before = await rows();
    const response = await admin.put<ErrorBody>('/api/payment-dates/2', { ...CHANGE, ...change });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[field]?.[0]).toContain(message);
    expect(Object.keys(response.body.errors ?? {})).toEqual([field]);
    expect(await rows()).toEqual(before);
  });

  it('answers 404 for a payment number past 6 and 400 for an id that is not a positive whole number', async () => {
    const before = await rows();
    expect(await admin.put('/api/payment-dates/7', CHANGE)).toMatchObject({ status: 404, body: { message: 'No encontramos ese pago.' } });
    for (const id of ['0', 'abc', '1.0']) {
      expect(await admin.put(`/api/payment-dates/${id}`, CHANGE)).toMatchObject({
        status: 400,
        body: { message: 'El identificador debe ser un número entero positivo.' },
      });
    }
    expect(await rows()).toEqual(before);
    expect(await rows()).toHaveLength(6);
  });

  it('refuses changes from parents with 403 and from anonymous callers with 401', async () => {
    const parent = await api.signedIn('parent');
    const before = await rows();
    expect(await parent.put('/api/payment-dates/3', CHANGE)).toMatchObject({ status: 403 });
    expect(await api.agent().put('/api/payment-dates/3', CHANGE)).toMatchObject({ status: 401 });
    expect(await rows()).toEqual(before);
  });
});
