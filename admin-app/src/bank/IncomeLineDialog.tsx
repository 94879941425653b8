import { useId, useState, type FormEvent } from 'react';
import { INCOME_CATEGORIES, type BankLineIncome, type BankPreviewLine } from '@portal/contracts';
import { formatDayNumeric } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { quetzales } from './BalanceBreaks';
import { bankTexts } from './bank-texts';

const t = bankTexts.income;

/**
 * A deposit that is no family's payment (a raffle's, a donation, the bank's interest) made other
 * income of the books (docs/books.md 'Other income'): its category, from whom, a note.
 */
export function IncomeLineDialog({
  line,
  pending,
  onClose,
  onSubmit,
}: {
  line: BankPreviewLine;
  pending: boolean;
  onClose: () => void;
  onSubmit: (income: BankLineIncome) => void;
}) {
  const id = useId();
  const [category, setCategory] = useState('');
  const [source, setSource] = useState('');
  const [concept, setConcept] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (category.trim() === '' || source.trim() === '') return;
    onSubmit({ category: category.trim(), source: source.trim(), ...(concept.trim() ? { concept: concept.trim() } : {}) });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t.title}
      description={t.text(formatDayNumeric(line.date), quetzales(line.amountCentavos), line.description)}
    >
      <form className="admin-form" onSubmit={submit} aria-label={t.title}>
        <Field id={`${id}-category`} label={t.category}>
          <Input
            id={`${id}-category`}
            required
            maxLength={60}
            list={`${id}-categories`}
            value={category}
            onChange={(event) => setCategory(event.target.value)}
          />
          <datalist id={`${id}-categories`}>
            {INCOME_CATEGORIES.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </Field>
        <Field id={`${id}-source`} label={t.source} hint={t.sourceHint}>
          <Input id={`${id}-source`} required maxLength={200} value={source} onChange={(event) => setSource(event.target.value)} />
        </Field>
        <Field id={`${id}-concept`} label={t.concept}>
          <Input id={`${id}-concept`} maxLength={200} value={concept} onChange={(event) => setConcept(event.target.value)} />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" pending={pending}>
            {t.save}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
