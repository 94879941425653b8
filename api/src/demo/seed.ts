// Demo data for `npm start`: two accounts, a closed Class of 2025 (closed-class.ts) and the active
// Class of 2026 with a handful of families, the key events, notices, answers. Runs only when SEED_DEMO is on and the database has no users yet.
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { PaymentNumber, PaymentStatus } from '@portal/contracts';
import { fromDateTimeLocal, todayInGuatemala } from '@portal/format';
import { hashPassword } from '../users/password';
import { EventEntity } from '../events/event.entity';
import { FamilyEntity } from '../families/family.entity';
import { NoticeEntity } from '../notices/notice.entity';
import { CreditReceiptSeries } from '../ledger/credit-receipt-series';
import { LedgerEntryEntity } from '../ledger/ledger-entry.entity';
import { expectedAmount } from '../ledger/ledger.service';
import { PaymentAnswerEntity } from '../payments/payment-answer.entity';
import { PaymentDateEntity } from '../payments/payment-date.entity';
import { EventRsvpEntity } from '../rsvps/event-rsvp.entity';
import { SettingsEntity } from '../settings/settings.entity';
import { UserEntity } from '../users/user.entity';
import { toUser } from '../users/users.service';
import { seedClosedClass } from './closed-class';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../users/demo-accounts';

/** Each family's answer to the awards ceremony and the brunch, in FAMILIES' order: attending or not answered. */
const KEY_ANSWERS: Array<[awards: boolean, brunch: boolean]> = [
  [true, false],
  [true, true],
  [false, true],
  [false, false],
  [true, true],
  [true, false],
];

const FAMILIES: Array<Omit<FamilyEntity, 'id' | 'noticeEmailsOff' | 'secondEmail'>> = [
  {
    graduateName: 'Sofía Morales',
    contactName: 'Carlos Morales',
    email: 'padre@example.com',
    phone: '5555-1001',
    tablesBooked: 2,
    hasPaid: true,
    paymentAmount: 5900,
    graduates: 1,
  },
  {
    graduateName: 'Diego Hernández',
    contactName: 'Ana Hernández',
    email: 'ana.hernandez@example.com',
    phone: '5555-1002',
    tablesBooked: 1,
    hasPaid: false,
    paymentAmount: 2950,
    graduates: 1,
  },
  {
    graduateName: 'Valentina López',
    contactName: 'María López',
    email: 'maria.lopez@example.com',
    phone: '5555-1003',
    tablesBooked: 1,
    hasPaid: true,
    paymentAmount: 2950,
    graduates: 1,
  },
  {
    graduateName: 'Mateo García',
    contactName: 'José García',
    email: 'jose.garcia@example.com',
    phone: '5555-1004',
    tablesBooked: 2,
    hasPaid: false,
    paymentAmount: 0,
    graduates: 1,
  },
  {
    graduateName: 'Isabella y Lucía Pérez',
    contactName: 'Lucía Pérez',
    email: 'lucia.perez@example.com',
    phone: '5555-1005',
    tablesBooked: 3,
    hasPaid: true,
    paymentAmount: 4250,
    graduates: 2,
  },
  {
    graduateName: 'Santiago Rodríguez',
    contactName: 'Jorge Rodríguez',
    email: 'jorge.rodriguez@example.com',
    phone: '5555-1006',
    tablesBooked: 1,
    hasPaid: false,
    paymentAmount: 0,
    graduates: 1,
  },
];

/** `days` after the day the demo is made (before it when negative), at `clock`, in Guatemala. */
function daysAhead(days: number, clock: string): string {
  const day = new Date(`${todayInGuatemala()}T12:00:00.000Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return `${day.toISOString().slice(0, 10)}T${clock}`;
}

/**
 * `key`: the event is the settings' awards ceremony or brunch, which the migrations already made.
 * Dated from the day the demo is made, so it always has upcoming events and one that is over.
 */
const EVENTS: Array<
  Omit<EventEntity, 'id' | 'fecha' | 'rsvpDeadline' | 'sequence' | 'updatedAt'> & {
    local: string;
    key?: 'awardsEventId' | 'brunchEventId' | 'galaEventId';
  }
> = [
  {
    local: daysAhead(-12, '18:00'),
    titulo: 'Reunión de Padres de Familia',
    descripcion: 'Reunión del comité con las familias: presupuesto de la fiesta y calendario de pagos.',
    horario: '6:00 PM - 7:30 PM',
    lugar: 'Salón de usos múltiples',
    vestimenta: null,
    imagen: null,
  },
  {
    local: daysAhead(18, '18:00'),
    titulo: 'Misa de Acción de Gracias',
    descripcion: 'Misa de la promoción con graduados y familias.',
    horario: '6:00 PM - 7:00 PM',
    lugar: 'Capilla del colegio',
    vestimenta: 'Formal',
    imagen: null,
  },
  {
    local: daysAhead(19, '10:00'),
    key: 'awardsEventId',
    titulo: 'Ceremonia de Premiación',
    descripcion: 'Entrega de reconocimientos a los graduados de la promoción.',
    horario: '10:00 AM - 12:00 PM',
    lugar: 'Auditorio del colegio',
    vestimenta: 'Formal',
    imagen: null,
  },
  {
    local: daysAhead(21, '10:00'),
    key: 'brunchEventId',
    titulo: 'Brunch de Padres y Graduados',
    descripcion: 'Brunch de despedida para graduados y sus familias.',
    horario: '10:00 AM - 2:00 PM',
    lugar: 'Cafetería del colegio',
    vestimenta: 'Casual elegante',
    imagen: null,
  },
  {
    local: daysAhead(26, '19:00'),
    key: 'galaEventId',
    titulo: 'Fiesta de Graduación',
    descripcion: 'Cena y baile de la promoción. Cada mesa es para 8 personas.',
    horario: '7:00 PM - 11:00 PM',
    lugar: 'Salón de eventos',
    vestimenta: 'Etiqueta',
    imagen: null,
  },
];

const NOTICES: Array<Omit<NoticeEntity, 'id' | 'date' | 'createdAt' | 'emailUnsubscribed' | 'emailSkipped'> & { local: string }> = [
  {
    local: '2026-05-02T08:00',
    title: 'Sesión de fotos',
    message: 'La sesión de fotos de la promoción no tiene costo adicional. Pronto compartiremos los horarios por familia.',
    type: 'info',
  },
  {
    local: '2026-05-16T08:00',
    title: 'Último pago',
    message: 'Recuerda que la fecha límite del pago final es el 30 de mayo.',
    type: 'warning',
  },
  {
    local: '2026-05-20T09:30',
    title: 'Mesas confirmadas',
    message: 'Ya están asignadas las mesas de la fiesta de graduación. Gracias por su puntualidad.',
    type: 'success',
  },
];

export async function seedDemo(app: INestApplicationContext): Promise<void> {
  const dataSource = app.get(DataSource);
  if ((await dataSource.manager.count(UserEntity)) > 0) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const createdAt = new Date();
  await dataSource.manager.insert(UserEntity, [
    // The demo accounts own their (example) addresses: the demo parent sees its family at once.
    ...DEMO_ACCOUNTS.map(({ role, username, name, email }) => ({
      role,
      username,
      name,
      email,
      passwordHash,
      createdAt,
      emailVerifiedAt: createdAt,
    })),
    // The 2025 committee's treasurer, who proposed its closing: no one signs in with it.
    { role: 'admin' as const, username: 'tesoreria2025', name: 'Tesorería 2025', email: null, passwordHash: '!', createdAt },
  ]);
  const users = await dataSource.manager.find(UserEntity, { order: { id: 'ASC' } });
  const [admin, treasurer] = [users.find((user) => user.username === 'admin')!, users.find((user) => user.username === 'tesoreria2025')!];
  await seedClosedClass(app, toUser(admin), toUser(treasurer));
  await dataSource.transaction(async (manager) => {
    await manager.insert(FamilyEntity, FAMILIES);
    const settings = await manager.findOneByOrFail(SettingsEntity, { id: 1 });
    for (const { local, key, ...event } of EVENTS) {
      const keyEventId = key ? settings[key] : null;
      if (keyEventId) await manager.update(EventEntity, { id: keyEventId }, { ...event, fecha: new Date(fromDateTimeLocal(local)) });
      else {
        const { identifiers } = await manager.insert(EventEntity, { ...event, fecha: new Date(fromDateTimeLocal(local)) });
        // The gala's event: the one source of the gala's date, time and place (docs/gala.md).
        if (key) await manager.update(SettingsEntity, { id: 1 }, { [key]: Number(identifiers[0]!.id) });
      }
    }
    await manager.insert(
      NoticeEntity,
      NOTICES.map(({ local, ...notice }) => {
        const date = new Date(fromDateTimeLocal(local));
        return { ...notice, date, createdAt: date };
      }),
    );

    const families = await manager.find(FamilyEntity, { order: { id: 'ASC' } });
    const [meeting, ...upcoming] = await manager.find(EventEntity, { order: { fecha: 'ASC' } });
    // The meeting that is over: most families went.
    await manager.insert(
      EventRsvpEntity,
      families.slice(0, 4).map((family, index) => ({
        familyId: family.id,
        eventId: meeting!.id,
        attending: index !== 2,
        guests: index !== 2 ? 2 : null,
      })),
    );
    const rsvps = families.slice(1, 5).flatMap((family, index) =>
      upcoming.slice(0, 3).map((event, eventIndex) => {
        const attending = (index + eventIndex) % 3 !== 0;
        return { familyId: family.id, eventId: event.id, attending, guests: attending ? 1 + ((index + eventIndex) % 4) : null };
      }),
    );
    await manager.insert(EventRsvpEntity, rsvps);
    // The key events' answers: where the rows above did not answer, the family's own answer.
    const keyAnswers = families.flatMap((family, index) =>
      (['awardsEventId', 'brunchEventId'] as const)
        .map((key, which) => ({ eventId: settings[key]!, attending: KEY_ANSWERS[index]?.[which] ?? false }))
        .filter(({ eventId, attending }) => attending && !rsvps.some((rsvp) => rsvp.familyId === family.id && rsvp.eventId === eventId))
        .map(({ eventId }) => ({ familyId: family.id, eventId, attending: true, guests: 1 })),
    );
    if (keyAnswers.length > 0) await manager.insert(EventRsvpEntity, keyAnswers);
    const answers: Array<[number, PaymentNumber, PaymentStatus]> = [
      [1, 1, 'ya_pague'],
      [1, 2, 'ya_pague'],
      [2, 1, 'ya_pague'],
      [2, 2, 'no_asistire'],
      [3, 1, 'ya_pague'],
      [5, 1, 'ya_pague'],
      [5, 2, 'ya_pague'],
      [5, 3, 'ya_pague'],
    ];
    await manager.insert(
      PaymentAnswerEntity,
      answers.map(([index, paymentNumber, status]) => ({ familyId: families[index]!.id, paymentNumber, status })),
    );
    // The families marked paid above paid every payment due so far, by transfer, as the ledger keeps it.
    const today = todayInGuatemala();
    const due = (await manager.find(PaymentDateEntity)).filter((payment) => payment.date < today);
    const series = app.get(CreditReceiptSeries);
    const credits = families
      .filter((family) => family.hasPaid)
      .map((family) => ({
        familyId: family.id,
        kind: 'credito' as const,
        source: 'efectivo' as const,
        method: 'transferencia' as const,
        amount: due.reduce((sum, payment) => sum + (expectedAmount(payment, family, undefined).expected ?? 0), 0),
        note: 'Transferencias de la familia (datos de demostración).',
        createdByName: 'Comité de Padres',
        createdAt,
      }))
      .filter((credit) => credit.amount > 0);
    // Each with its receipt's number, as every credit has.
    for (const credit of credits) await manager.insert(LedgerEntryEntity, { ...credit, creditReceiptNumber: await series.next(manager) });
  });
}
