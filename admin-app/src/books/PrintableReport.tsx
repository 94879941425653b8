import { Printer } from 'lucide-react';
import type { Books } from '@portal/contracts';
import { formatDateTime, formatDayNumeric, formatLedgerAmount } from '@portal/format';
import { Button } from '@portal/ui/button';
import { booksTexts as t } from './books-texts';
import { expenseState } from './ExpenseList';

/** 'Informe de rendición de cuentas' as a page to print for the final assembly. */
export function PrintableReport({ books, onBack }: { books: Books; onBack: () => void }) {
  const rows: Array<[string, string]> = [
    ...(books.totals.opening > 0 ? [[t.summary.opening, formatLedgerAmount(books.totals.opening)] as [string, string]] : []),
    [t.summary.received, formatLedgerAmount(books.totals.received)],
    [t.summary.spent, formatLedgerAmount(books.totals.spent)],
    [t.summary.balance, formatLedgerAmount(books.totals.balance)],
    [t.summary.held, books.held ? formatLedgerAmount(books.held.total) : '—'],
    [t.summary.difference, books.held ? formatLedgerAmount(books.held.difference) : '—'],
  ];
  return (
    <article className="books-report" aria-label={t.report.title}>
      <div className="books-no-print books-actions">
        <Button variant="outline" onClick={onBack}>
          {t.report.back}
        </Button>
        <Button onClick={() => window.print()}>
          <Printer size={18} aria-hidden="true" /> {t.report.printNow}
        </Button>
      </div>
      <h2>{t.report.title}</h2>
      <p className="books-muted">{t.report.generated(formatDateTime(new Date()))}</p>
      <table className="books-report__table">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t.budget.title}</h3>
      {books.budget && <p>{t.budget.version(books.budget.version, formatDayNumeric(books.budget.approvedOn), books.budget.acta)}</p>}
      <table className="books-report__table">
        <thead>
          <tr>
            <th>{t.budget.category}</th>
            <th>{t.budget.budgeted}</th>
            <th>{t.budget.spent}</th>
            <th>{t.budget.left}</th>
          </tr>
        </thead>
        <tbody>
          {books.categories.map((category) => (
            <tr key={category.category}>
              <td>{category.category}</td>
              <td>{formatLedgerAmount(category.budgeted)}</td>
              <td>{formatLedgerAmount(category.spent)}</td>
              <td>{formatLedgerAmount(category.budgeted - category.spent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t.list.title}</h3>
      <table className="books-report__table">
        <thead>
          <tr>
            <th>{t.list.date}</th>
            <th>{t.list.what}</th>
            <th>{t.list.amount}</th>
            <th>{t.list.state}</th>
          </tr>
        </thead>
        <tbody>
          {books.expenses.map((row) => (
            <tr key={row.id}>
              <td>{formatDayNumeric(row.date)}</td>
              <td>
                #{row.id} {row.category} · {row.supplier} · {row.concept}
                {row.felUuid && ` · FEL ${row.felSeries ?? ''} ${row.felNumber ?? ''} ${row.felUuid}`}
              </td>
              <td>{formatLedgerAmount(row.amount)}</td>
              <td>{expenseState(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>{t.report.byMonth}</h3>
      <table className="books-report__table">
        <tbody>
          {books.receivedByMonth.map((row) => (
            <tr key={row.month}>
              <th scope="row">{row.month}</th>
              <td>{formatLedgerAmount(row.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
