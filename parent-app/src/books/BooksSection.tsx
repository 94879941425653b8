import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { EXPENSE_QUESTION_MAX, type ExpenseQuestion, type FamilyExpense, type ParentBooks } from '@portal/contracts';
import { invoiceUrl, useAskAboutExpense, useMarkBooksSeen, useMyBooks } from '@portal/api-client/books';
import { useMyClass } from '@portal/api-client/classes';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { formatDayNumeric, formatLedgerAmount, formatQuetzales } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { Field } from '@portal/ui/label';
import { LoadFailed } from '@portal/ui/load-failed';
import { Skeleton } from '@portal/ui/skeleton';
import { toast } from '@portal/ui/toast';
import { texts } from '../texts';
import { booksTexts as t } from './books-texts';
import { FinalReportCard } from './FinalReportCard';
import { BudgetBar } from './BudgetBar';
import { CollectionCard, CommitmentsCard, IncomeCard } from './ClassFigures';
import './books.css';

/**
 * When the family last opened the page, as it was when this visit began (so the 'Nuevo' marks stay
 * for the whole visit); the visit itself is recorded on the server once.
 */
function useLastVisit(books: ParentBooks | undefined): { known: boolean; at: string | null } {
  const { run: markSeen } = useMarkBooksSeen({ onError: () => undefined });
  const [visit, setVisit] = useState<{ known: boolean; at: string | null }>({ known: false, at: null });
  const recorded = useRef(false);
  useEffect(() => {
    if (!books || recorded.current) return;
    recorded.current = true;
    setVisit({ known: true, at: books.lastSeenAt });
    void markSeen(undefined);
  }, [books, markSeen]);
  return visit;
}

function AskForm({ expense, onDone }: { expense: FamilyExpense; onDone: () => void }) {
  const id = useId();
  const [question, setQuestion] = useState('');
  const ask = useAskAboutExpense({
    onSuccess: () => {
      toast({ title: t.sent, description: t.sentText });
      onDone();
    },
    onError: (error) => toast({ title: t.failed, description: errorMessage(error), variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (question.trim() !== '') void ask.run({ expenseId: expense.id, question: question.trim() });
  };
  return (
    <form className="books-ask" onSubmit={submit}>
      <Field id={`${id}-question`} label={t.question} hint={t.questionHint}>
        <textarea
          id={`${id}-question`}
          className="ui-input ui-textarea"
          rows={2}
          required
          maxLength={EXPENSE_QUESTION_MAX}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
        />
      </Field>
      <div className="books-ask">
        <Button type="submit" pending={ask.isPending} disabled={question.trim() === ''}>
          {t.send}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

function Answers({ questions }: { questions: ExpenseQuestion[] }) {
  return (
    <>
      {questions.map((question) => (
        <div key={question.id} className="books-qa">
          <span className="parent-muted">{question.mine ? t.yourQuestion : t.aFamily}</span>
          <span>{question.question}</span>
          {question.answer !== null ? (
            <span>
              <strong>{t.answer(question.answeredBy ?? '')}:</strong> {question.answer}
            </span>
          ) : (
            <span className="parent-muted">{t.waiting}</span>
          )}
        </div>
      ))}
    </>
  );
}

function ExpenseCard({
  expense,
  isNew,
  questions,
  closed,
}: {
  expense: FamilyExpense;
  isNew: boolean;
  questions: ExpenseQuestion[];
  /** A closed class takes no more questions. */
  closed: boolean;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <Card className="books-expense" data-expense={expense.id}>
      <div className="books-expense__head">
        <h3 className="parent-card-title">
          {expense.category} · {expense.supplier}
          {isNew && (
            <>
              {' '}
              <Badge variant="info">{t.new}</Badge>
            </>
          )}
        </h3>
        {/* Money in (other income, a refund) reads as what came in, not as a negative expense. */}
        <span className="books-expense__amount">
          {expense.amount < 0 ? `+${formatQuetzales(-expense.amount)}` : formatLedgerAmount(expense.amount)}
        </span>
      </div>
      <p>
        {t.kinds[expense.kind]}: {expense.concept}
      </p>
      <p className="parent-muted">
        {formatDayNumeric(expense.date)} · {t.recordedBy(expense.createdBy)}
        {expense.approvedBy
          ? ` · ${t.approvedBy(expense.approvedBy)}`
          : (expense.kind === 'gasto' || expense.kind === 'anticipo') && ` · ${t.noSecondApproval}`}
        {expense.felNumber && ` · ${t.fel(expense.felSeries, expense.felNumber)}`}
      </p>
      {expense.reversal && <p className="parent-muted">{t.reversed(expense.reversal.message)}</p>}
      {expense.message && <p className="parent-muted">{t.correction(expense.message)}</p>}
      {expense.hasInvoice ? (
        <a className="books-expense__invoice" href={invoiceUrl(expense.id)} target="_blank" rel="noopener">
          {expense.invoiceType === 'image/jpeg' && (
            <img src={invoiceUrl(expense.id, 'thumbnail')} alt={t.invoiceOf(expense.supplier)} loading="lazy" width="48" height="48" />
          )}
          {t.invoice}
        </a>
      ) : (
        expense.kind !== 'reversion' && <p className="parent-muted">{t.noInvoice}</p>
      )}
      <Answers questions={questions} />
      {expense.kind !== 'reversion' &&
        !closed &&
        (asking ? (
          <AskForm expense={expense} onDone={() => setAsking(false)} />
        ) : (
          <Button variant="outline" onClick={() => setAsking(true)}>
            {t.ask}
          </Button>
        ))}
    </Card>
  );
}

/** 'Cuentas del comité': what the committee received, spent and holds, with every invoice. */
export default function BooksSection() {
  const { data: books, error } = useMyBooks();
  const visit = useLastVisit(books);
  const { data: myClass } = useMyClass();
  const closed = myClass?.schoolClass?.state === 'cerrada';
  const retryFailed = useRetryFailed();
  if (!books && error) {
    return (
      <section className="parent-section">
        <LoadFailed onRetry={retryFailed}>
          {texts.loadFailed} {errorMessage(error)}
        </LoadFailed>
      </section>
    );
  }
  if (!books) {
    return (
      <section className="parent-section" aria-busy="true">
        <Skeleton height="5rem" />
        <Skeleton height="8rem" />
      </section>
    );
  }
  const isNew = (expense: FamilyExpense) =>
    visit.known && expense.approvedAt !== null && (visit.at === null || expense.approvedAt > visit.at);
  const totals = [
    ...(books.totals.opening > 0 ? [{ label: t.opening, value: books.totals.opening }] : []),
    { label: t.received, value: books.totals.received },
    ...(books.totals.otherIncome !== 0 ? [{ label: t.otherIncome, value: books.totals.otherIncome }] : []),
    { label: t.spent, value: books.totals.spent },
    ...(books.totals.passedOn > 0 ? [{ label: t.passedOn, value: books.totals.passedOn }] : []),
    { label: t.balance, value: books.totals.balance },
  ];
  return (
    <section className="parent-section">
      <FinalReportCard />
      <p>{t.intro}</p>
      <p className="parent-muted" data-testid="books-threshold">
        {t.threshold(books.approvalThreshold, books.approvalRequired)}
      </p>
      <div className="books-totals">
        {totals.map((total) => (
          <Card key={total.label} className="books-total">
            <span className="parent-muted">{total.label}</span>
            <span className="books-total__value">{formatLedgerAmount(total.value)}</span>
          </Card>
        ))}
      </div>
      <CollectionCard books={books} closedClass={closed ? myClass?.schoolClass.name : undefined} />
      <IncomeCard books={books} />
      <CommitmentsCard books={books} />
      <Card className="books-expense">
        <h2 className="parent-card-title">{t.categories}</h2>
        {books.budget ? (
          <p className="parent-muted">{t.budgetFrom(books.budget.version, formatDayNumeric(books.budget.approvedOn), books.budget.acta)}</p>
        ) : (
          <p className="parent-muted">{t.noBudget}</p>
        )}
        <ul className="books-categories">
          {books.categories.map((category) => (
            <li key={category.category} className="books-category" data-category={category.category}>
              <span className="books-category__text">
                <span>{category.category}</span>
                <span>{t.of(category.spent, category.budgeted)}</span>
              </span>
              <BudgetBar category={category} />
            </li>
          ))}
        </ul>
      </Card>
      <h2 className="parent-card-title">{t.expenses}</h2>
      {books.expenses.length === 0 ? (
        <Card>
          <p className="ui-empty">{t.noExpenses}</p>
        </Card>
      ) : (
        <ul className="books-expenses">
          {books.expenses.map((expense) => (
            <li key={expense.id}>
              <ExpenseCard
                expense={expense}
                isNew={isNew(expense)}
                questions={books.questions.filter((question) => question.expenseId === expense.id)}
                closed={closed}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
