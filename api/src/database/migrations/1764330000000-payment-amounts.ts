import { Table, TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Amounts as money (issue: payments the committee can trust). A payment's amount text
 * ('Q2,950 (Q4,250 familias con gemelos)') becomes whole quetzales where it reads as money. The
 * text itself stays where it was, in the spec's `amount` field, so where it does not read as
 * money ('50% primera mesa') nothing is lost: the amount stays unset until the committee types
 * it (the description is left alone, not to write the text twice on the same row). Families
 * record how many graduates they have (1; 2 for twins); a family may owe its own amount for a
 * payment (payment_overrides); a payment received in cash is a verified row of payment_proofs of
 * kind 'efectivo', with no file.
 */
export class PaymentAmounts1764330000000 implements MigrationInterface {
  name = 'PaymentAmounts1764330000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.addColumns('payment_dates', [
      new TableColumn({ name: 'amountQuetzales', type: 'int', isNullable: true }),
      new TableColumn({ name: 'twinsAmountQuetzales', type: 'int', isNullable: true }),
    ]);
    const rows = (await runner.query('SELECT id, amount FROM payment_dates')) as Array<{ id: number; amount: string }>;
    for (const row of rows) {
      const parsed = parseAmountText(row.amount);
      if (parsed) {
        await runner.query('UPDATE payment_dates SET amountQuetzales = ?, twinsAmountQuetzales = ? WHERE id = ?', [
          parsed.amount,
          parsed.twins,
          row.id,
        ]);
      }
    }
    await runner.addColumn('families', new TableColumn({ name: 'graduates', type: 'int', default: 1 }));
    await runner.addColumn('payment_proofs', new TableColumn({ name: 'kind', type: 'varchar', length: '12', default: "'comprobante'" }));
    await runner.createTable(
      new Table({
        name: 'payment_overrides',
        columns: [
          { name: 'familyId', type: 'int', isPrimary: true },
          { name: 'paymentNumber', type: 'int', isPrimary: true },
          { name: 'amountQuetzales', type: 'int' },
          { name: 'reason', type: 'varchar', length: '300' },
          { name: 'setByName', type: 'varchar', length: '120' },
          { name: 'setAt', type: 'datetime', precision: 3 },
        ],
        foreignKeys: [{ columnNames: ['familyId'], referencedTableName: 'families', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.dropTable('payment_overrides');
    await runner.query("DELETE FROM payment_proofs WHERE kind = 'efectivo'");
    await runner.dropColumn('payment_proofs', 'kind');
    await runner.dropColumn('families', 'graduates');
    await runner.dropColumn('payment_dates', 'twinsAmountQuetzales');
    await runner.dropColumn('payment_dates', 'amountQuetzales');
  }
}

// One amount: 'Q2,950', 'Q 2.950,00', '2950', 'Q2950.00'. Thousands with ',' or '.', cents after
// the other one.
const MONEY = /Q\s*(\d{1,3}(?:([.,])\d{3})*(?:[.,]\d{2})?|\d+(?:[.,]\d{2})?)(?!\d|%)/gi;

function quetzales(text: string): number {
  const cents = /[.,](\d{2})$/.exec(text);
  const whole = (cents && !/[.,]\d{3}$/.test(text) ? text.slice(0, -3) : text).replace(/[.,]/g, '');
  return Math.round(Number(whole) + (cents && !/[.,]\d{3}$/.test(text) ? Number(cents[1]) / 100 : 0));
}

/**
 * An amount text as whole quetzales: one amount ('Q2,950', 'Q 2.950,00', '2950'), amounts joined
 * by '+' (summed: 'Q2,950 + Misa Q450'), or an amount and the twins' one ('Q2,950 (Q4,250 familias
 * con gemelos)'). Null for anything else ('50% primera mesa').
 */
export function parseAmountText(text: string): { amount: number; twins: number | null } | null {
  const trimmed = text.trim();
  if (/^\d+(?:[.,]\d{2})?$/.test(trimmed) || /^\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{2})?$/.test(trimmed)) {
    return { amount: quetzales(trimmed), twins: null };
  }
  const amounts = [...trimmed.matchAll(MONEY)].map((match) => quetzales(match[1]!));
  const rest = trimmed.replace(MONEY, '').replace(/\s+/g, ' ').trim();
  if (amounts.length === 1 && rest === '') return { amount: amounts[0]!, twins: null };
  if (amounts.length === 2 && /gemel/i.test(rest) && /^\(.*\)$/.test(rest.replace(/^[^(]*/, ''))) {
    return { amount: amounts[0]!, twins: amounts[1]! };
  }
  if (amounts.length >= 2 && trimmed.includes('+') && !/gemel/i.test(rest)) {
    return { amount: amounts.reduce((sum, amount) => sum + amount, 0), twins: null };
  }
  return null;
}
