import type { FamilyStatement } from '@portal/contracts';
import { formatDateNumeric, formatDayNumeric, formatLedgerAmount, formatLedgerSource, formatQuetzales } from '@portal/format';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { paymentTexts } from './payment-texts';

const t = paymentTexts.payments;

/** 'a', 'a y b', 'a, b y c'. */
const listInSpanish = (items: string[]) => new Intl.ListFormat('es', { type: 'conjunction' }).format(items);

/** The family's money from the ledger: what is owed now, any credit, and every movement (corrections included). */
export function AccountCard({ statement }: { statement: FamilyStatement }) {
  const { totals, entries } = statement;
  const unpriced = statement.lines.filter((line) => line.expected === null).map((line) => line.title);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.accountTitle}</CardTitle>
        <CardDescription>{t.accountText}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="parent-account">
          <p className="parent-account__due">{totals.dueBalance > 0 ? t.dueNow(formatQuetzales(totals.dueBalance)) : t.nothingDue}</p>
          {unpriced.length > 0 && <p className="parent-account__unpriced">{t.unpriced(listInSpanish(unpriced))}</p>}
          <p className="parent-muted">{t.received(formatQuetzales(totals.received))}</p>
          {totals.credit > 0 && (
            <p className="parent-account__credit">
              <strong>{t.credit(formatQuetzales(totals.credit))}</strong> <span className="parent-muted">{t.creditText}</span>
            </p>
          )}
        </div>
        <h3 className="parent-card-title parent-account__title">{t.movementsTitle}</h3>
        {entries.length === 0 ? (
          <p className="parent-muted">{t.noMovements}</p>
        ) : (
          <ul className="parent-movements">
            {entries.map((entry) => {
              const original = entry.reverses === null ? undefined : byId.get(entry.reverses);
              const source = formatLedgerSource(original ?? entry);
              return (
                <li key={entry.id} className={entry.reversal ? 'parent-movement parent-movement--reversed' : 'parent-movement'}>
                  <span className="parent-movement__what">
                    {entry.kind === 'reversion' ? t.reversal(source) : source}
                    {entry.kind === 'credito' && entry.documentNumber && (
                      <span className="parent-muted"> · {t.document(entry.documentNumber)}</span>
                    )}
                  </span>
                  <span className="parent-movement__amount">
                    {entry.reversal ? <s>{formatLedgerAmount(entry.amount)}</s> : formatLedgerAmount(entry.amount)}
                  </span>
                  <span className="parent-muted parent-movement__date">
                    {entry.depositDate && entry.kind === 'credito'
                      ? formatDayNumeric(entry.depositDate)
                      : formatDateNumeric(entry.createdAt)}
                  </span>
                  {entry.reversal && <span className="parent-movement__reason">{t.reversed(entry.reversal.message)}</span>}
                  {entry.message && <span className="parent-movement__reason">{t.committeeMessage(entry.message)}</span>}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
