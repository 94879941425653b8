// The demo's closed Class of 2025 (docs/classes.md): a few families, their payments, the budget and
// its expenses, closed by two admins with its balance passed on, then archived when the Class of
// 2026 opens, all through the portal's own services, as a committee would. The demo parent had a
// daughter in 2025: it reads both classes.
import type { INestApplicationContext } from '@nestjs/common';
import type { User } from '@portal/contracts';
import { dayYearLater, instantYearLater, toQuetzales } from '@portal/format';
import { BooksService } from '../books/books.service';
import { ExpenseEntity } from '../books/expense.entity';
import { ClassEntity } from '../classes/class.entity';
import { ClosingService } from '../class-cycle/closing.service';
import { OpeningService } from '../class-cycle/opening.service';
import { Database } from '../database/database.service';
import { EventEntity } from '../events/event.entity';
import { FamilyEntity } from '../families/family.entity';
import { CreditReceiptSeries } from '../ledger/credit-receipt-series';
import { LedgerEntryEntity } from '../ledger/ledger-entry.entity';
import { PaymentDateEntity } from '../payments/payment-date.entity';
import { SettingsEntity } from '../settings/settings.entity';

const FAMILIES_2025: Array<Omit<FamilyEntity, 'id' | 'noticeEmailsOff' | 'secondEmail'> & { paid: number }> = [
  // The demo parent's older daughter.
  { graduateName: 'Andrea Morales', contactName: 'Carlos Morales', email: 'padre@example.com', phone: '5555-1001', paid: 590_000 },
  { graduateName: 'Pablo Castillo', contactName: 'Rosa Castillo', email: 'rosa.castillo@example.com', phone: '5555-0901', paid: 590_000 },
  { graduateName: 'Gabriela Ruiz', contactName: 'Luis Ruiz', email: 'luis.ruiz@example.com', phone: '5555-0902', paid: 590_000 },
  { graduateName: 'Fernando Díaz', contactName: 'Marta Díaz', email: 'marta.diaz@example.com', phone: '5555-0903', paid: 425_000 },
].map((family) => ({ tablesBooked: 1, hasPaid: true, paymentAmount: family.paid / 100, graduates: 1, ...family }));

/** Approved money out of 2025, in centavos. */
const EXPENSES_2025: Array<{ date: string; category: string; supplier: string; concept: string; amount: number }> = [
  { date: '2025-10-03', category: 'Salón', supplier: 'Hotel Las Américas', concept: 'Salón y cena de la fiesta', amount: 950_000 },
  { date: '2025-10-20', category: 'Fotografía', supplier: 'Estudio Luz', concept: 'Fotos de la promoción', amount: 320_000 },
  { date: '2025-11-08', category: 'Decoración', supplier: 'Floristería El Jardín', concept: 'Centros de mesa', amount: 461_250 },
];

/** yyyy-MM-dd a year earlier. */
const yearEarlier = (day: string) => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;

/**
 * Turns the fresh database's class (made by the migrations) into the Class of 2025, closes it and
 * opens 2026. `admin` closes and opens it; `treasurer` proposed the closing (another admin must).
 */
export async function seedClosedClass(app: INestApplicationContext, admin: User, treasurer: User): Promise<void> {
  const db = app.get(Database);
  await db.writeAnyClass(async (manager) => {
    const schoolClass = await manager.findOneOrFail(ClassEntity, { where: {}, order: { id: 'DESC' } });
    await manager.update(
      ClassEntity,
      { id: schoolClass.id },
      { year: 2025, name: 'Promoción 2025', openedAt: new Date('2025-01-15T15:00:00Z') },
    );
    const settings = await manager.findOneByOrFail(SettingsEntity, { id: 1 });
    await manager.update(
      SettingsEntity,
      { id: 1 },
      {
        classYear: 2025,
        finalPaymentDeadline: yearEarlier(settings.finalPaymentDeadline),
        awardsDate: yearEarlier(settings.awardsDate),
        brunchDate: yearEarlier(settings.brunchDate),
      },
    );
    for (const payment of await manager.find(PaymentDateEntity)) {
      await manager.update(PaymentDateEntity, { id: payment.id }, { date: yearEarlier(payment.date) });
    }
    for (const event of await manager.find(EventEntity)) {
      const fecha = new Date(event.fecha);
      fecha.setUTCFullYear(fecha.getUTCFullYear() - 1);
      await manager.update(EventEntity, { id: event.id }, { fecha });
    }
    for (const { paid, ...family } of FAMILIES_2025) {
      const { identifiers } = await manager.insert(FamilyEntity, family);
      await manager.insert(LedgerEntryEntity, {
        familyId: Number(identifiers[0]!.id),
        kind: 'credito',
        source: 'efectivo',
        method: 'transferencia',
        amount: paid,
        note: 'Transferencias de la familia (datos de demostración).',
        createdByName: treasurer.name,
        createdAt: new Date('2025-09-30T18:00:00Z'),
        creditReceiptNumber: await app.get(CreditReceiptSeries).next(manager),
      });
    }
    const at = new Date('2025-11-10T18:00:00Z');
    await manager.insert(
      ExpenseEntity,
      EXPENSES_2025.map((expense) => ({
        ...expense,
        kind: 'gasto' as const,
        method: 'transferencia' as const,
        state: 'aprobado' as const,
        hasThumbnail: false,
        approvedById: admin.id,
        approvedByName: admin.name,
        approvedAt: at,
        createdById: treasurer.id,
        createdByName: treasurer.name,
        createdAt: at,
      })),
    );
  });
  await app.get(BooksService).createBudget(admin, {
    approvedOn: '2025-02-20',
    acta: 'Acta 2-2025, asamblea de padres del 20 de febrero',
    lines: [
      { category: 'Salón', amount: 10_000 },
      { category: 'Fotografía', amount: 3_500 },
      { category: 'Decoración', amount: 5_000 },
    ],
  });

  const closing = app.get(ClosingService);
  const view = await closing.view();
  const waivers = view.checklist
    .filter((check) => !check.done)
    .map((check) => ({ item: check.item, reason: 'Revisado por el comité en la asamblea de cierre (datos de demostración).' }));
  const proposed = await closing.propose(treasurer, {
    destination: 'siguiente',
    acta: 'Acta 11-2025, asamblea de cierre de la promoción',
    // Later than the usual 31 March, so the demo parent can still read it.
    familiesReadUntil: `${new Date().getUTCFullYear() + 1}-03-31`,
    waivers,
  });
  await closing.decide(admin, proposed.closings[0]!.id, 'approve');
  // The committee confirms 2025's calendar a year later, in mid-2025, before its first date.
  const quetzales = (centavos: number | null) => (centavos === null ? null : toQuetzales(centavos));
  const payments = (await db.manager.find(PaymentDateEntity, { order: { id: 'ASC' } })).map((payment) => ({
    id: payment.id,
    date: dayYearLater(payment.date),
    amountQuetzales: quetzales(payment.amountCentavos),
    twinsAmountQuetzales: quetzales(payment.twinsAmountCentavos),
  }));
  const events = (await db.manager.find(EventEntity)).map((event) => ({
    id: event.id,
    fecha: instantYearLater(event.fecha).toISOString(),
  }));
  const name = 'Promoción 2026';
  await app
    .get(OpeningService)
    .open(admin, { year: 2026, name, adminIds: [], payments, events, confirmName: name }, new Date('2025-07-01T15:00:00Z'));
}
