import { useState } from 'react';
import { Printer } from 'lucide-react';
import type { Books } from '@portal/contracts';
import { booksReportUrl, useBooks } from '@portal/api-client/books';
import { formatLedgerAmount } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@portal/ui/card';
import { SectionFrame } from '../common/SectionFrame';
import { ExportButton } from '../common/ExportButton';
import { QueryState } from '../common/QueryState';
import { booksTexts as t } from './books-texts';
import { AccountsCard } from './AccountsCard';
import { BudgetCard } from './BudgetCard';
import { CommitmentsCard } from './CommitmentsCard';
import { ControlsCard } from './ControlsCard';
import { ExpenseForm } from './ExpenseForm';
import { ExpenseList } from './ExpenseList';
import { HeldCard } from './HeldCard';
import { IncomeForm } from './IncomeForm';
import { MemberDebtsCard } from './MemberDebtsCard';
import { PrintableReport } from './PrintableReport';
import { QuestionsCard } from './QuestionsCard';
import './books.css';

/** Money in, money out, the balance, and what is held against it. */
function Summary({ books }: { books: Books }) {
  const figures = [
    ...(books.totals.opening > 0 ? [{ label: t.summary.opening, value: books.totals.opening }] : []),
    { label: t.summary.received, value: books.totals.received },
    ...(books.totals.otherIncome !== 0 ? [{ label: t.summary.otherIncome, value: books.totals.otherIncome }] : []),
    { label: t.summary.spent, value: books.totals.spent },
    ...(books.totals.owedToMembers > 0 ? [{ label: t.summary.owedToMembers, value: books.totals.owedToMembers }] : []),
    ...(books.totals.passedOn > 0 ? [{ label: t.summary.passedOn, value: books.totals.passedOn }] : []),
    { label: t.summary.balance, value: books.totals.balance },
  ];
  return (
    <div className="admin-stats">
      {figures.map((figure) => (
        <Card key={figure.label} className="admin-stat">
          <span className="admin-stat__label">{figure.label}</span>
          <p className="admin-stat__value">{formatLedgerAmount(figure.value)}</p>
        </Card>
      ))}
      <Card className="admin-stat">
        <span className="admin-stat__label">{t.summary.held}</span>
        <p className="admin-stat__value">{books.held ? formatLedgerAmount(books.held.total) : '—'}</p>
        <p className="admin-stat__hint" data-testid="books-difference">
          {books.held
            ? books.held.difference === 0
              ? t.summary.differenceOk
              : `${t.summary.difference}: ${formatLedgerAmount(books.held.difference)}`
            : t.summary.noHeld}
        </p>
      </Card>
    </div>
  );
}

/** 'Cuentas del Comité': the budget, the spending and its approvals, the balance, the families' questions. */
export default function BooksSection() {
  const { data: books, isLoading, error } = useBooks();
  const [printing, setPrinting] = useState(false);
  if (books && printing) return <PrintableReport books={books} onBack={() => setPrinting(false)} />;
  return (
    <SectionFrame
      toolbar={
        <>
          <ExportButton url={booksReportUrl} fileName={t.report.fileName} label={t.report.download} />
          <Button variant="outline" disabled={!books} onClick={() => setPrinting(true)}>
            <Printer size={18} aria-hidden="true" /> {t.report.print}
          </Button>
        </>
      }
    >
      <QueryState isLoading={isLoading} error={error}>
        {books && (
          <div className="books-layout">
            <Summary books={books} />
            <AccountsCard books={books} />
            <BudgetCard books={books} />
            <Card>
              <CardHeader>
                <CardTitle>{t.list.title}</CardTitle>
              </CardHeader>
              <CardContent>
                <ExpenseList books={books} />
              </CardContent>
            </Card>
            <ExpenseForm books={books} />
            <IncomeForm books={books} />
            <CommitmentsCard books={books} />
            <MemberDebtsCard books={books} />
            <HeldCard books={books} />
            <QuestionsCard books={books} />
            <ControlsCard books={books} />
          </div>
        )}
      </QueryState>
    </SectionFrame>
  );
}
