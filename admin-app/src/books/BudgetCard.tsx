import { useId, useState, type FormEvent } from 'react';
import { BUDGET_CATEGORIES, type Books, type BooksCategory } from '@portal/contracts';
import { useCreateBudget } from '@portal/api-client/books';
import { formatDayNumeric, formatLedgerAmount, todayInGuatemala } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { typedQuetzales } from '../common/numbers';
import { QuetzalesField } from '../common/QuetzalesField';
import { texts } from '../texts';
import { booksTexts as t } from './books-texts';

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

/** The budget in force with a bar per category, the earlier versions, and a new version in a dialog. */
export function BudgetCard({ books }: { books: Books }) {
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
