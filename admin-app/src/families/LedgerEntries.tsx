import { PAYMENT_TITLES, type LedgerEntry } from '@portal/contracts';
import { formatDateTime, formatDayNumeric, formatLedgerAmount, formatLedgerSource } from '@portal/format';
import { Button } from '@portal/ui/button';
import { texts } from '../texts';

const t = texts.families.statement;

/** The family's ledger, oldest first: each credit with its source, a reversed one crossed out with who, when and why. */
export function LedgerEntries({ entries, onReverse }: { entries: LedgerEntry[]; onReverse?: (entry: LedgerEntry) => void }) {
  if (entries.length === 0) return <p className="admin-muted">{t.noEntries}</p>;
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return (
    <ul className="admin-ledger">
      {entries.map((entry) => {
        const original = entry.reverses === null ? undefined : byId.get(entry.reverses);
        const source = formatLedgerSource(original ?? entry);
        const amount = formatLedgerAmount(entry.amount);
        return (
          <li key={entry.id} className={entry.reversal ? 'admin-ledger__entry admin-ledger__entry--reversed' : 'admin-ledger__entry'}>
            <div className="admin-ledger__what">
              <span className="admin-strong">{entry.kind === 'reversion' ? t.reversal(source) : source}</span>
              <span className="admin-muted">
                {[
                  entry.creditReceiptNumber && t.creditReceipt(entry.creditReceiptNumber),
                  entry.depositDate && formatDayNumeric(entry.depositDate),
                  entry.documentNumber && t.document(entry.documentNumber),
                  entry.paysFor.length > 0 &&
                    entry.kind === 'credito' &&
                    t.forPayment(entry.paysFor.map((number) => PAYMENT_TITLES[number])),
                  entry.source === 'comprobante' && entry.bankLineId !== null && entry.kind === 'credito' && t.bankLinked,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              {entry.note && <span className="admin-muted">{t.entryNote(entry.note)}</span>}
              <span className="admin-muted">{t.entryBy(entry.createdBy, formatDateTime(entry.createdAt))}</span>
              {entry.kind === 'reversion' && entry.reason && (
                <span className="admin-danger">{t.reversalReason(entry.createdBy, entry.reason)}</span>
              )}
              {entry.familyMessage && <span className="admin-muted">{t.toFamily(entry.familyMessage)}</span>}
              {entry.reversal && (
                <span className="admin-danger">
                  {t.reversedBy(entry.reversal.by, formatDateTime(entry.reversal.at), entry.reversal.reason)}
                </span>
              )}
            </div>
            <span className="admin-ledger__amount">{entry.reversal ? <s>{amount}</s> : amount}</span>
            {onReverse && entry.kind === 'credito' && !entry.reversal && (
              <Button variant="outline" size="sm" aria-label={t.reverseLabel(source, amount)} onClick={() => onReverse(entry)}>
                {t.reverse}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
