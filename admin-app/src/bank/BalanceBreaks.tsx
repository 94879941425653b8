import type { BankPreview } from '@portal/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@portal/ui/card';
import { bankTexts as t } from './bank-texts';

/** Centavos as 'Q8,670.00' (a negative balance as '-Q50.50'). */
export const quetzales = (amount: number) =>
  `${amount < 0 ? '-' : ''}Q${(Math.abs(amount) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The rows of the bank's file whose Saldo is not the one before plus the row's amount: a file cut or edited. */
export function BalanceBreaks({ breaks }: { breaks: NonNullable<BankPreview['balanceBreaks']> }) {
  if (breaks.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{t.balanceBreaksTitle(breaks.length)}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="admin-muted">{t.balanceBreaksText}</p>
        <ul className="admin-list">
          {breaks.map((row) => (
            <li key={row.line}>{t.balanceBreak(row.line, quetzales(row.expectedCentavos), quetzales(row.foundCentavos))}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
