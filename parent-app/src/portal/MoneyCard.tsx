import { Wallet } from 'lucide-react';
import type { FamilyMoney } from '@portal/contracts';
import { formatDay, formatQuetzales } from '@portal/format';
import { Card } from '@portal/ui/card';
import { Link } from '@portal/ui/router';
import { texts } from '../texts';

const t = texts.portal.money;

/**
 * What the family owes today (or 'Al día', or its credit), how many payments have no amount yet,
 * its next payment and its reference. While a payment has no amount, 'Al día' is only 'por ahora'.
 */
export function MoneyCard({ money }: { money: FamilyMoney }) {
  const owes = money.owedNow > 0;
  const unpriced = money.unpricedPayments;
  const [label, amount, tone] = owes
    ? [t.owes, formatQuetzales(money.owedNow), 'owes']
    : money.credit > 0
      ? [t.credit, formatQuetzales(money.credit), 'credit']
      : [unpriced > 0 ? t.upToDateForNow : t.upToDate, null, 'paid'];
  return (
    <Card className={`parent-money parent-money--${tone}`} data-testid="family-money">
      <div className="parent-money__head">
        <span className="parent-money__icon" aria-hidden="true">
          <Wallet size={22} />
        </span>
        <h2 className="parent-card-title">{t.title}</h2>
      </div>
      <p className="parent-money__now">
        <span>{label}</span>
        {amount && (
          <>
            {' '}
            <strong>{amount}</strong>
          </>
        )}
        {unpriced > 0 && <span> · {t.unpriced(unpriced)}</span>}
      </p>
      {money.next ? (
        <p className="parent-money__next">
          {t.next}: {money.next.title} · {formatDay(money.next.dueDate)} ·{' '}
          <strong>{money.next.amount === null ? t.noAmount : formatQuetzales(money.next.amount)}</strong>
        </p>
      ) : (
        <p className="parent-muted">{unpriced > 0 ? t.unpricedNext(unpriced) : t.noneNext}</p>
      )}
      <p className="parent-money__reference">
        {t.reference}: <strong>{money.reference}</strong>
      </p>
      <Link className="ui-button ui-button--primary ui-button--md parent-money__open" to="/parent/pagos">
        {t.open}
      </Link>
    </Card>
  );
}
