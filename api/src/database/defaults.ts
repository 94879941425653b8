// Values a new portal starts with: the original app's six payments and key dates, which the
// committee then edits (PUT /api/payment-dates/{id}, PUT /api/settings). Weekdays are never
// stored: they are computed from the dates when shown. Written into the first migration as the
// columns were then: a migration never follows today's entities.
import type { PaymentDateInput, PaymentNumber } from '@portal/contracts';

export const DEFAULT_PAYMENT_DATES: Record<PaymentNumber, PaymentDateInput> = {
  1: { date: '2025-09-23', description: '50% de varios eventos', amount: 'Q2,950 (Q4,250 familias con gemelos)' },
  2: { date: '2025-10-22', description: '50% restante de varios eventos y Misa', amount: 'Q2,950 + Misa Q450' },
  3: { date: '2025-11-18', description: '50% de la primera mesa', amount: '50% primera mesa' },
  4: { date: '2026-01-17', description: '50% restante de la primera mesa', amount: '50% primera mesa' },
  5: { date: '2026-02-17', description: 'Segunda mesa (sujeta a disponibilidad) y volantes', amount: 'Segunda mesa y volantes' },
  6: { date: '2026-03-10', description: 'Extras', amount: 'Según extras solicitados' },
};

export const DEFAULT_SETTINGS = {
  classYear: 2026,
  finalPaymentDeadline: '2026-05-30',
  awardsDate: '2026-06-13',
  awardsStartTime: '10:00',
  awardsEndTime: '12:00',
  awardsPlace: 'Auditorio del colegio',
  brunchDate: '2026-06-15',
  brunchStartTime: '10:00',
  brunchEndTime: '14:00',
  brunchPlace: 'Cafetería del colegio',
  bankName: 'Banco Industrial',
  bankAccountNumber: '000-000000-0',
  bankAccountHolder: 'Comité de Padres Promoción 2026',
  bankReceiptsPhone: '+502 5555 2026',
};
