// The parent portal suite's tables and helpers (parent.e2e-spec.ts): every route of a family's own
// data, bad input to those routes with the Spanish message each must get, a family with its
// parent signed in, a receipt as the family's list shows it, and the rows a parent could write.
import type { Receipt } from '@portal/contracts';
import { FamilyEntity } from '../../src/families/family.entity';
import { PaymentAnswerEntity } from '../../src/payments/payment-answer.entity';
import { EventRsvpEntity } from '../../src/rsvps/event-rsvp.entity';
import { createFamily, type KeyAnswerFlags } from '../fixtures';
import type { Agent, TestApi } from '../harness';

export const NO_FAMILY = 'No encontramos un perfil familiar para tu cuenta. Contacta a la administración.';
export const NO_EVENT = 'No encontramos ese evento.';
const BAD_PAYMENT_NUMBER = 'El número de pago debe ser del 1 al 6.';
const BAD_EVENT_ID = 'El evento debe indicarse con un número entero positivo.';
const BAD_ATTENDING = 'La asistencia debe ser verdadero o falso.';
const BAD_STATUS = "El estado de pago debe ser 'ya_pague' o 'no_asistire'.";
const NO_RSVP = 'Indica si asistirán a la ceremonia de premiación o al brunch.';
const BAD_AWARDS = 'La confirmación de la ceremonia de premiación debe ser verdadero o falso.';
const BAD_BRUNCH = 'La confirmación del brunch debe ser verdadero o falso.';
const notAllowed = (field: string) => `El campo «${field}» no está permitido.`;

/** Every parent route, with a body that would be valid. */
export const PARENT_ROUTES: Array<[method: string, url: string, body?: unknown]> = [
  ['GET', '/api/my-family'],
  ['GET', '/api/my-family/payment-proofs'],
  ['PUT', '/api/my-family/rsvp', { awardsRsvp: true }],
  ['GET', '/api/my-event-rsvps'],
  ['POST', '/api/event-rsvps', { eventId: 1, attending: true }],
  ['GET', '/api/my-payment-confirmations'],
  ['PUT', '/api/my-payment-confirmations/1', { status: 'ya_pague' }],
];

/** Bad input to the parent's own routes, with the Spanish message each must get; `body` takes the event answered. */
export const BAD_PARENT_INPUT: Array<
  [name: string, method: string, url: () => string, body: (eventId: number) => unknown, message: string]
> = [
  [
    'an eventId sent as a string',
    'POST',
    () => '/api/event-rsvps',
    (eventId) => ({ eventId: String(eventId), attending: true }),
    BAD_EVENT_ID,
  ],
  ['an eventId of 0', 'POST', () => '/api/event-rsvps', () => ({ eventId: 0, attending: true }), BAD_EVENT_ID],
  ['a negative eventId', 'POST', () => '/api/event-rsvps', () => ({ eventId: -3, attending: true }), BAD_EVENT_ID],
  ['a fractional eventId', 'POST', () => '/api/event-rsvps', () => ({ eventId: 1.5, attending: true }), BAD_EVENT_ID],
  ['a missing eventId', 'POST', () => '/api/event-rsvps', () => ({ attending: true }), BAD_EVENT_ID],
  ['attending sent as a string', 'POST', () => '/api/event-rsvps', (eventId) => ({ eventId, attending: 'true' }), BAD_ATTENDING],
  ['a missing attending', 'POST', () => '/api/event-rsvps', (eventId) => ({ eventId }), BAD_ATTENDING],
  [
    'a familyId in an event answer',
    'POST',
    () => '/api/event-rsvps',
    (eventId) => ({ eventId, attending: false, familyId: 1 }),
    notAllowed('familyId'),
  ],
  ['an empty family RSVP', 'PUT', () => '/api/my-family/rsvp', () => ({}), NO_RSVP],
  ['no body at all for the family RSVP', 'PUT', () => '/api/my-family/rsvp', () => undefined, NO_RSVP],
  ['awardsRsvp sent as a string', 'PUT', () => '/api/my-family/rsvp', () => ({ awardsRsvp: 'true' }), BAD_AWARDS],
  ['awardsRsvp sent as null', 'PUT', () => '/api/my-family/rsvp', () => ({ awardsRsvp: null }), BAD_AWARDS],
  ['brunchRsvp sent as a number', 'PUT', () => '/api/my-family/rsvp', () => ({ brunchRsvp: 1 }), BAD_BRUNCH],
  [
    'tablesBooked in a family RSVP',
    'PUT',
    () => '/api/my-family/rsvp',
    () => ({ awardsRsvp: true, tablesBooked: 50 }),
    notAllowed('tablesBooked'),
  ],
  ['hasPaid in a family RSVP', 'PUT', () => '/api/my-family/rsvp', () => ({ brunchRsvp: true, hasPaid: true }), notAllowed('hasPaid')],
  [
    'paymentAmount in a family RSVP',
    'PUT',
    () => '/api/my-family/rsvp',
    () => ({ awardsRsvp: true, paymentAmount: 0 }),
    notAllowed('paymentAmount'),
  ],
  ['payment number 0', 'PUT', () => '/api/my-payment-confirmations/0', () => ({ status: 'ya_pague' }), BAD_PAYMENT_NUMBER],
  ['payment number 7', 'PUT', () => '/api/my-payment-confirmations/7', () => ({ status: 'ya_pague' }), BAD_PAYMENT_NUMBER],
  ['payment number abc', 'PUT', () => '/api/my-payment-confirmations/abc', () => ({ status: 'ya_pague' }), BAD_PAYMENT_NUMBER],
  ['payment number 1.5', 'PUT', () => '/api/my-payment-confirmations/1.5', () => ({ status: 'ya_pague' }), BAD_PAYMENT_NUMBER],
  ['payment number -1', 'PUT', () => '/api/my-payment-confirmations/-1', () => ({ status: 'ya_pague' }), BAD_PAYMENT_NUMBER],
  ['an unknown status', 'PUT', () => '/api/my-payment-confirmations/1', () => ({ status: 'pagado' }), BAD_STATUS],
  ['a status in capitals', 'PUT', () => '/api/my-payment-confirmations/1', () => ({ status: 'NO_ASISTIRE' }), BAD_STATUS],
  ['a status that is not a string', 'PUT', () => '/api/my-payment-confirmations/1', () => ({ status: 1 }), BAD_STATUS],
  ['a missing status', 'PUT', () => '/api/my-payment-confirmations/1', () => ({}), BAD_STATUS],
  [
    'a familyId in a payment answer',
    'PUT',
    () => '/api/my-payment-confirmations/1',
    () => ({ status: 'no_asistire', familyId: 1 }),
    notAllowed('familyId'),
  ],
];

/** A receipt as the family's list shows it while nobody has reviewed it, nor has it declared anything. */
export const unreviewedReceipt = (receipt: Pick<Receipt, 'id' | 'paymentNumber' | 'fileName' | 'uploadedAt'>): Receipt => ({
  ...receipt,
  paysFor: [receipt.paymentNumber],
  state: 'en_revision',
  contentType: 'application/pdf',
  hasThumbnail: false,
  amountDeclared: null,
  depositDate: null,
  documentNumber: null,
  review: null,
  kind: 'comprobante',
  duplicateOf: null,
  creditId: null,
});

/** A family that booked two tables and paid (the parent routes' usual case); `overrides` change it. */
export const newFamily = (api: TestApi, overrides: Partial<FamilyEntity> & KeyAnswerFlags = {}) =>
  createFamily(api, { tablesBooked: 2, hasPaid: true, paymentAmount: 2950, ...overrides });

/** A family and a parent account signed in with its e-mail. */
export async function familyWithParent(
  api: TestApi,
  overrides: Partial<FamilyEntity> & KeyAnswerFlags = {},
): Promise<{ family: FamilyEntity; parent: Agent }> {
  const family = await newFamily(api, overrides);
  const parent = await api.signedIn('parent', { email: family.email });
  return { family, parent };
}

export const paymentAnswersOf = (api: TestApi, familyId: number) =>
  api.dataSource.getRepository(PaymentAnswerEntity).find({ where: { familyId }, order: { paymentNumber: 'ASC' } });
export const rsvpsOf = (api: TestApi, familyId: number) =>
  api.dataSource.getRepository(EventRsvpEntity).find({ where: { familyId }, order: { eventId: 'ASC' } });
export const familyRow = (api: TestApi, id: number) => api.dataSource.getRepository(FamilyEntity).findOneByOrFail({ id });

/** Every row a parent could write to, to compare before and after a call. */
export async function parentRows(api: TestApi) {
  const [families, rsvps, paymentAnswers] = await Promise.all([
    api.dataSource.getRepository(FamilyEntity).find({ order: { id: 'ASC' } }),
    api.dataSource.getRepository(EventRsvpEntity).find({ order: { id: 'ASC' } }),
    api.dataSource.getRepository(PaymentAnswerEntity).find({ order: { id: 'ASC' } }),
  ]);
  return { families, rsvps, paymentAnswers };
}
