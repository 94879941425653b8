import { useId, useState, type FormEvent } from 'react';
import { Printer, Undo2 } from 'lucide-react';
import {
  BUDGET_CATEGORIES,
  EXPENSE_KINDS,
  EXPENSE_METHODS,
  HOLDING_KINDS,
  type Books,
  type BooksCategory,
  type Expense,
  type ExpenseKind,
  type ExpenseMethod,
  type HoldingKind,
} from '@portal/contracts';
import {
  booksReportUrl,
  invoiceUrl,
  useAnswerQuestion,
  useApproveExpense,
  useBooks,
  useCreateBudget,
  useRecordExpense,
  useRecordHolding,
  useReverseExpense,
} from '@portal/api-client/books';
import { formatDateTime, formatDayNumeric, formatLedgerAmount, todayInGuatemala } from '@portal/format';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { SectionFrame } from '../common/SectionFrame';
import { DataTable } from '../common/DataTable';
import { ExportButton } from '../common/ExportButton';
import { typedQuetzales } from '../common/numbers';
import { QueryState } from '../common/QueryState';
import { QuetzalesField } from '../common/QuetzalesField';
import { ReasonDialog } from '../common/ReasonDialog';
import { texts } from '../texts';
import { booksTexts as t } from './books-texts';
import { ApproveAction } from './ApproveAction';
import { CommitmentFields, CommitmentsCard } from './CommitmentsCard';
import { ControlsCard } from './ControlsCard';
import './books.css';

/** Spent against budgeted, as a bar (no chart library: a track and its fill). */
export function CategoryBar({ category }: { category: BooksCategory }) {
  const share =
    category.budgeted > 0 ? Math.min(100, Math.round((category.spent / category.budgeted) * 100)) : category.spent > 0 ? 100 : 0;
  const over = category.spent > category.budgeted;
  return (
    <div className="admin-progress">
      <div className="admin-progress__text">
        <span>{category.category}</span>
        <span>
          {formatLedgerAmount(category.spent)} / {formatLedgerAmount(category.budgeted)}
        </span>
      </div>
      <div
        className="admin-progress__track"
        role="progressbar"
        aria-label={t.budget.bar(category.category, category.spent, category.budgeted)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
      >
        <div className={`admin-progress__bar${over ? ' books-bar--over' : ''}`} style={{ width: `${share}%` }} />
      </div>
    </div>
  );
}

export const expenseState = (expense: Expense) =>
  expense.kind === 'reversion'
    ? t.list.reversal
    : expense.reversal
      ? expense.state === 'aprobado'
        ? t.list.reversed
        : t.list.withdrawn
      : expense.state === 'aprobado'
        ? t.list.approved
        : t.list.pending;

function Summary({ books }: { books: Books }) {
  const figures = [
    { label: t.summary.received, value: books.totals.received },
    { label: t.summary.spent, value: books.totals.spent },
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

function BudgetDialog({ books, onClose }: { books: Books; onClose: () => void }) {
  const id = useId();
  const start = books.budget?.lines ?? BUDGET_CATEGORIES.map((category) => ({ category, amount: 0 }));
  const [approvedOn, setApprovedOn] = useState(todayInGuatemala());
  const [acta, setActa] = useState('');
  const [lines, setLines] = useState(start.map((line) => ({ category: line.category, amount: String(line.amount) })));
  const save = useCreateBudget(adminToasts({ success: t.budget.saved, failure: t.budget.failed, onSuccess: onClose }));
  const total = lines.reduce((sum, line) => sum + (typedQuetzales(line.amount) ?? 0), 0);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run({
      approvedOn,
      acta: acta.trim(),
      lines: lines
        .filter((line) => line.category.trim() !== '')
        .map((line) => ({ category: line.category.trim(), amount: typedQuetzales(line.amount) ?? 0 })),
    });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t.budget.newVersion} description={t.budget.newVersionHelp}>
      <form className="admin-form" onSubmit={submit}>
        <div className="admin-form__pair">
          <Field id={`${id}-date`} label={t.budget.approvedOn}>
            <Input id={`${id}-date`} type="date" required value={approvedOn} onChange={(event) => setApprovedOn(event.target.value)} />
          </Field>
          <Field id={`${id}-acta`} label={t.budget.acta} hint={t.budget.actaHint}>
            <Input id={`${id}-acta`} required maxLength={300} value={acta} onChange={(event) => setActa(event.target.value)} />
          </Field>
        </div>
        {lines.map((line, index) => (
          <div key={index} className="books-line">
            <Field id={`${id}-category-${index}`} label={t.budget.category}>
              <Input
                id={`${id}-category-${index}`}
                maxLength={60}
                value={line.category}
                onChange={(event) => setLines(lines.map((one, at) => (at === index ? { ...one, category: event.target.value } : one)))}
              />
            </Field>
            <QuetzalesField
              id={`${id}-amount-${index}`}
              label={t.budget.amount}
              value={line.amount}
              onChange={(amount) => setLines(lines.map((one, at) => (at === index ? { ...one, amount } : one)))}
            />
            <Button
              variant="ghost"
              aria-label={t.budget.removeCategory(line.category)}
              onClick={() => setLines(lines.filter((_one, at) => at !== index))}
            >
              ×
            </Button>
          </div>
        ))}
        <Button variant="outline" onClick={() => setLines([...lines, { category: '', amount: '0' }])}>
          {t.budget.addCategory}
        </Button>
        <p>{t.budget.total(total)}</p>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button type="submit" pending={save.isPending} disabled={acta.trim() === ''}>
            {t.budget.newVersion}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

function BudgetCard({ books }: { books: Books }) {
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.budget.title}</CardTitle>
        <CardDescription>
          {books.budget
            ? t.budget.version(books.budget.version, formatDayNumeric(books.budget.approvedOn), books.budget.acta)
            : t.budget.none}
        </CardDescription>
      </CardHeader>
      <CardContent className="admin-progress-list">
        {books.categories.map((category) => (
          <CategoryBar key={category.category} category={category} />
        ))}
        <Button variant="outline" onClick={() => setEditing(true)}>
          {t.budget.newVersion}
        </Button>
        {books.budgets.length > 1 && (
          <details>
            <summary>{t.budget.versions}</summary>
            <ul>
              {books.budgets.slice(1).map((budget) => (
                <li key={budget.id}>
                  {t.budget.version(budget.version, formatDayNumeric(budget.approvedOn), budget.acta)}: {formatLedgerAmount(budget.total)}
                </li>
              ))}
            </ul>
          </details>
        )}
      </CardContent>
      {editing && <BudgetDialog books={books} onClose={() => setEditing(false)} />}
    </Card>
  );
}

const emptyExpense = () => ({
  kind: 'gasto' as ExpenseKind,
  date: todayInGuatemala(),
  category: '',
  supplier: '',
  concept: '',
  amount: '',
  method: 'transferencia' as ExpenseMethod,
  nit: '',
  felSeries: '',
  felNumber: '',
  felUuid: '',
  dueDate: '',
  commitmentId: '',
});

function ExpenseForm({ books }: { books: Books }) {
  const id = useId();
  const [form, setForm] = useState(emptyExpense);
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const save = useRecordExpense(
    adminToasts({
      success: t.expense.saved,
      describe: (expense) => (expense.state === 'pendiente' ? t.expense.savedPending : undefined),
      failure: t.expense.failed,
      onSuccess: () => {
        setForm(emptyExpense());
        setFile(null);
        setFormKey((key) => key + 1);
      },
    }),
  );
  const set = (name: keyof ReturnType<typeof emptyExpense>) => (value: string) => setForm({ ...form, [name]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { dueDate, commitmentId, ...fields } = form;
    void save.run({
      ...fields,
      amount: typedQuetzales(form.amount) ?? 0,
      dueDate: form.kind === 'compromiso' ? dueDate : undefined,
      commitmentId: form.kind !== 'compromiso' && commitmentId !== '' ? Number(commitmentId) : undefined,
      file,
      fileName: file?.name,
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.expense.title}</CardTitle>
        <CardDescription>{t.expense.help(books.approvalThreshold)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form key={formKey} className="admin-form admin-form--two" onSubmit={submit} aria-label={t.expense.title}>
          <Field id={`${id}-kind`} label={t.expense.kind}>
            <select id={`${id}-kind`} className="ui-input" value={form.kind} onChange={(event) => set('kind')(event.target.value)}>
              {EXPENSE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t.expense.kinds[kind]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-date`} label={t.expense.date}>
            <Input id={`${id}-date`} type="date" required value={form.date} onChange={(event) => set('date')(event.target.value)} />
          </Field>
          <Field id={`${id}-category`} label={t.expense.category}>
            <Input
              id={`${id}-category`}
              required
              maxLength={60}
              list={`${id}-categories`}
              value={form.category}
              onChange={(event) => set('category')(event.target.value)}
            />
            <datalist id={`${id}-categories`}>
              {books.categories.map((category) => (
                <option key={category.category} value={category.category} />
              ))}
            </datalist>
          </Field>
          <Field id={`${id}-supplier`} label={t.expense.supplier}>
            <Input
              id={`${id}-supplier`}
              required
              maxLength={200}
              value={form.supplier}
              onChange={(event) => set('supplier')(event.target.value)}
            />
          </Field>
          <Field id={`${id}-concept`} label={t.expense.concept}>
            <Input
              id={`${id}-concept`}
              required
              maxLength={200}
              value={form.concept}
              onChange={(event) => set('concept')(event.target.value)}
            />
          </Field>
          <QuetzalesField id={`${id}-amount`} label={t.expense.amount} required value={form.amount} onChange={set('amount')} />
          <Field id={`${id}-method`} label={t.expense.method}>
            <select id={`${id}-method`} className="ui-input" value={form.method} onChange={(event) => set('method')(event.target.value)}>
              {EXPENSE_METHODS.map((method) => (
                <option key={method} value={method}>
                  {t.expense.methods[method]}
                </option>
              ))}
            </select>
          </Field>
          <CommitmentFields
            id={id}
            kind={form.kind}
            dueDate={form.dueDate}
            commitmentId={form.commitmentId}
            commitments={books.commitments}
            onDueDate={set('dueDate')}
            onPays={(commitment) =>
              setForm(
                commitment
                  ? {
                      ...form,
                      commitmentId: String(commitment.id),
                      supplier: commitment.supplier,
                      category: commitment.category,
                      amount: String(commitment.outstanding),
                    }
                  : { ...form, commitmentId: '' },
              )
            }
          />
          <Field id={`${id}-file`} label={t.expense.invoice} hint={t.expense.invoiceHint}>
            <input
              id={`${id}-file`}
              className="ui-input"
              type="file"
              accept="image/jpeg,image/png,image/webp,application/pdf"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </Field>
          <fieldset className="books-fel">
            <legend>{t.expense.fel}</legend>
            <Field id={`${id}-nit`} label={t.expense.nit}>
              <Input id={`${id}-nit`} maxLength={20} value={form.nit} onChange={(event) => set('nit')(event.target.value)} />
            </Field>
            <Field id={`${id}-series`} label={t.expense.felSeries}>
              <Input id={`${id}-series`} maxLength={40} value={form.felSeries} onChange={(event) => set('felSeries')(event.target.value)} />
            </Field>
            <Field id={`${id}-number`} label={t.expense.felNumber}>
              <Input id={`${id}-number`} maxLength={40} value={form.felNumber} onChange={(event) => set('felNumber')(event.target.value)} />
            </Field>
            <Field id={`${id}-uuid`} label={t.expense.felUuid}>
              <Input id={`${id}-uuid`} maxLength={36} value={form.felUuid} onChange={(event) => set('felUuid')(event.target.value)} />
            </Field>
          </fieldset>
          <div className="ui-dialog__footer">
            <Button type="submit" pending={save.isPending}>
              {t.expense.save}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function ExpenseList({ books }: { books: Books }) {
  const [reversing, setReversing] = useState<Expense | null>(null);
  const approve = useApproveExpense(adminToasts({ success: t.list.approvedToast, failure: t.list.approveFailed }));
  const reverse = useReverseExpense(adminToasts({ success: t.list.reversedToast, failure: t.list.reverseFailed }));
  if (books.expenses.length === 0) return <p>{t.list.empty}</p>;
  return (
    <>
      <DataTable
        rows={books.expenses}
        rowKey={(row) => row.id}
        columns={[
          { header: t.list.date, cell: (row) => formatDayNumeric(row.date) },
          {
            header: t.list.what,
            cell: (row) => (
              <span className="books-what">
                <strong>
                  #{row.id} {row.category} · {row.supplier}
                </strong>
                <span>
                  {t.expense.kinds[row.kind]}: {row.concept}
                </span>
                <span className="books-muted">
                  {t.list.by(row.createdBy)}
                  {row.approvedBy && ` · ${t.list.approvedBy(row.approvedBy)}`}
                  {row.reason && ` · ${row.reason}`}
                  {row.reversal && ` · ${row.reversal.reason}`}
                  {row.commitmentId && ` · ${t.list.paysCommitment(row.commitmentId)}`}
                </span>
              </span>
            ),
          },
          { header: t.list.amount, cell: (row) => formatLedgerAmount(row.amount) },
          {
            header: t.list.state,
            cell: (row) => (
              <Badge variant={row.kind === 'reversion' || row.reversal ? 'outline' : row.state === 'aprobado' ? 'success' : 'warning'}>
                {expenseState(row)}
              </Badge>
            ),
          },
          {
            header: t.list.invoice,
            cell: (row) =>
              row.hasInvoice ? (
                // A reversed expense's invoice: only the committee still opens it (families get a 404).
                <a href={invoiceUrl(row.id)} target="_blank" rel="noopener">
                  {row.reversal ? t.list.openWithdrawn : t.list.open}
                </a>
              ) : (
                t.list.none
              ),
          },
        ]}
        actions={(row) =>
          row.kind === 'reversion' || row.reversal ? null : (
            <span className="books-actions">
              {row.state === 'pendiente' && (
                <ApproveAction expense={row} pending={approve.isPending} onApprove={() => void approve.run(row.id)} />
              )}
              <Button size="sm" variant="outline" onClick={() => setReversing(row)}>
                <Undo2 size={16} aria-hidden="true" /> {t.list.reverse}
              </Button>
            </span>
          )
        }
      />
      {reversing && (
        <ReasonDialog
          title={t.list.reverseTitle}
          description={t.list.reverseDescription(`#${reversing.id} ${reversing.supplier} · ${formatLedgerAmount(reversing.amount)}`)}
          confirmLabel={t.list.reverse}
          pending={reverse.isPending}
          onClose={() => setReversing(null)}
          onSubmit={async ({ reason }) => (await reverse.run({ id: reversing.id, reason })) !== undefined}
        />
      )}
    </>
  );
}

function HeldCard({ books }: { books: Books }) {
  const id = useId();
  const [kind, setKind] = useState<HoldingKind>('banco');
  const [asOf, setAsOf] = useState(todayInGuatemala());
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const save = useRecordHolding(
    adminToasts({
      success: t.held.saved,
      failure: t.held.failed,
      onSuccess: () => {
        setAmount('');
        setNote('');
      },
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run({ kind, asOf, amount: typedQuetzales(amount) ?? 0, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.held.title}</CardTitle>
        <CardDescription>{t.held.help}</CardDescription>
      </CardHeader>
      <CardContent className="admin-form">
        <form className="admin-form admin-form--two" onSubmit={submit} aria-label={t.held.title}>
          <Field id={`${id}-kind`} label={t.held.kind}>
            <select id={`${id}-kind`} className="ui-input" value={kind} onChange={(event) => setKind(event.target.value as HoldingKind)}>
              {HOLDING_KINDS.map((one) => (
                <option key={one} value={one}>
                  {t.held.kinds[one]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-date`} label={t.held.asOf}>
            <Input id={`${id}-date`} type="date" required value={asOf} onChange={(event) => setAsOf(event.target.value)} />
          </Field>
          <QuetzalesField id={`${id}-amount`} label={t.held.amount} required value={amount} onChange={setAmount} />
          <Field id={`${id}-note`} label={t.held.note}>
            <Input id={`${id}-note`} maxLength={200} value={note} onChange={(event) => setNote(event.target.value)} />
          </Field>
          <div className="ui-dialog__footer">
            <Button type="submit" variant="outline" pending={save.isPending}>
              {t.held.save}
            </Button>
          </div>
        </form>
        <h4>{t.held.history}</h4>
        {books.holdings.length === 0 ? (
          <p>{t.held.empty}</p>
        ) : (
          <DataTable
            rows={books.holdings}
            rowKey={(row) => row.id}
            columns={[
              { header: t.held.asOf, cell: (row) => formatDayNumeric(row.asOf) },
              { header: t.held.kind, cell: (row) => t.held.kinds[row.kind] },
              { header: t.held.amount, cell: (row) => formatLedgerAmount(row.amount) },
              { header: t.held.expectedThen, cell: (row) => formatLedgerAmount(row.expectedThen) },
              { header: t.held.differenceThen, cell: (row) => formatLedgerAmount(row.differenceThen) },
              { header: t.held.note, cell: (row) => `${row.note}${row.note ? ' · ' : ''}${row.createdBy}` },
            ]}
          />
        )}
      </CardContent>
    </Card>
  );
}

function QuestionsCard({ books }: { books: Books }) {
  const id = useId();
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const answer = useAnswerQuestion(adminToasts({ success: t.questions.sent, failure: t.questions.failed }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.questions.title}</CardTitle>
      </CardHeader>
      <CardContent className="admin-form">
        {books.questions.length === 0 && <p>{t.questions.empty}</p>}
        {books.questions.map((question) => (
          <div key={question.id} className="books-question">
            <p className="books-muted">
              {t.questions.about(question.expenseId)} · {t.questions.from(question.familyName ?? '')} · {formatDateTime(question.askedAt)}
            </p>
            <p>{question.question}</p>
            {question.answer !== null ? (
              <p>
                <strong>{t.questions.answered(question.answeredBy ?? '')}:</strong> {question.answer}
              </p>
            ) : (
              <form
                className="admin-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  void answer.run({ id: question.id, answer: (answers[question.id] ?? '').trim() });
                }}
              >
                <Field id={`${id}-${question.id}`} label={t.questions.answer}>
                  <textarea
                    id={`${id}-${question.id}`}
                    className="ui-input ui-textarea"
                    rows={2}
                    maxLength={1000}
                    required
                    value={answers[question.id] ?? ''}
                    onChange={(event) => setAnswers({ ...answers, [question.id]: event.target.value })}
                  />
                </Field>
                <Button type="submit" size="sm" pending={answer.isPending}>
                  {t.questions.send}
                </Button>
              </form>
            )}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

/** 'Informe de rendición de cuentas' as a page to print for the final assembly. */
function PrintableReport({ books, onBack }: { books: Books; onBack: () => void }) {
  const rows: Array<[string, string]> = [
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
            <CommitmentsCard books={books} />
            <HeldCard books={books} />
            <QuestionsCard books={books} />
            <ControlsCard books={books} />
          </div>
        )}
      </QueryState>
    </SectionFrame>
  );
}
