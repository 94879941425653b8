import type { ParentBooks } from '@portal/contracts';
import { formatDayNumeric, formatLedgerAmount, toCentavos, toQuetzales } from '@portal/format';
import { Card } from '@portal/ui/card';
import { booksTexts as t } from './books-texts';

/** Collected against expected, as a small SVG bar (no chart library). */
function CollectedBar({ collected, expected }: { collected: number; expected: number }) {
  const share = expected > 0 ? Math.min(100, (collected / expected) * 100) : 0;
  return (
    <svg className="books-bar" viewBox="0 0 100 8" preserveAspectRatio="none" role="img" aria-label={t.collectedBar(collected, expected)}>
      <rect className="books-bar__track" x="0" y="0" width="100" height="8" rx="4" />
      <rect className="books-bar__fill" x="0" y="0" width={share} height="8" rx="4" />
    </svg>
  );
}

/**
 * The class's collection (every family together, never a name): what is still to be collected and
 * who is up to date; once the class is closed, what was collected (nothing more is).
 */
export function CollectionCard({ books, closedClass }: { books: ParentBooks; closedClass?: string }) {
  const { collected, expected, familiesUpToDate, families, unpricedPayments } = books.collection;
  const left = toQuetzales(Math.max(toCentavos(expected) - toCentavos(collected), 0));
  return (
    <Card className="books-expense">
      <section aria-labelledby="books-collection" className="books-figures">
        <h2 id="books-collection" className="parent-card-title">
          {closedClass ? t.collectionClosed : t.collection}
        </h2>
        <p className="books-total__value">{t.collectedOf(collected, expected)}</p>
        <CollectedBar collected={collected} expected={expected} />
        {closedClass ? (
          <p>{t.noMoreCollection(closedClass)}</p>
        ) : (
          <>
            <p>{t.toCollect(left, unpricedPayments)}</p>
            <p>{t.upToDate(familiesUpToDate, families, unpricedPayments)}</p>
          </>
        )}
        <p className="parent-muted">{t.collectionNote}</p>
      </section>
    </Card>
  );
}

/** What the committee owes suppliers: counted apart from money out until it is paid. */
export function CommitmentsCard({ books }: { books: ParentBooks }) {
  if (books.commitments.length === 0) return null;
  return (
    <Card className="books-expense">
      <section aria-labelledby="books-commitments" className="books-figures">
        <h2 id="books-commitments" className="parent-card-title">
          {t.commitments}
        </h2>
        <p className="parent-muted">{t.commitmentsNote}</p>
        <p>
          <strong>{t.committed(books.totals.committed)}</strong>
        </p>
        <ul className="books-expenses">
          {books.commitments.map((commitment) => (
            <li key={commitment.id} className="books-commitment">
              <strong>
                {commitment.category} · {commitment.supplier}
              </strong>
              <span>{commitment.concept}</span>
              <span>{t.outstanding(commitment.outstanding, commitment.amount)}</span>
              <span className="parent-muted">
                {t.due(formatDayNumeric(commitment.dueDate))} · {formatLedgerAmount(commitment.outstanding)}
              </span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}

/** Money in that is not the families' payments (a raffle, a donation, the bank's interest), by category. */
export function IncomeCard({ books }: { books: ParentBooks }) {
  if (books.income.length === 0) return null;
  return (
    <Card className="books-expense">
      <section aria-labelledby="books-income" className="books-figures">
        <h2 id="books-income" className="parent-card-title">
          {t.income}
        </h2>
        <p className="parent-muted">{t.incomeNote}</p>
        <ul className="books-expenses">
          {books.income.map((line) => (
            <li key={line.category} className="books-commitment">
              <strong>{line.category}</strong>
              <span>{formatLedgerAmount(line.amount)}</span>
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
