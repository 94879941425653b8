import { useId, useRef, useState, type FormEvent } from 'react';
import { FolderPlus } from 'lucide-react';
import type { SchoolClass } from '@portal/contracts';
import { useAccounts } from '@portal/api-client/accounts';
import { useBooks } from '@portal/api-client/books';
import { useClassView } from '@portal/api-client/classes';
import { useOpenClass } from '@portal/api-client/class-opening';
import { useEvents } from '@portal/api-client/events';
import { useImportFamilies } from '@portal/api-client/families';
import { usePaymentDates } from '@portal/api-client/payments';
import { useSettings } from '@portal/api-client/settings';
import { useUser } from '@portal/api-client/session';
import { forNextClass, formatDayNumeric } from '@portal/format';
import { errorMessage } from '@portal/api-client/request';
import { useNavigate } from '@portal/ui/router';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { toast } from '@portal/ui/toast';
import { CalendarStep } from './CalendarStep';
import { closingTexts } from './closing-texts';
import { AccountsSummary, CommitteeChoice, Continue, FamiliesChoice, Step, type ChosenList } from './NewClassSteps';
import {
  accountsReady,
  confirmedCalendar,
  draftName,
  eventRows,
  isConfirmedEvent,
  isConfirmedPayment,
  openingAccounts,
  paymentRows,
  useNewClassDraft,
  withRow,
  type NewClassStep,
} from './new-class-draft';

const t = closingTexts.newClass;

/** Where the committee goes once the class is open: its families, to invite them (or import the list). */
const FAMILIES_PATH = '/admin/familias';

/**
 * 'Nueva promoción' (docs/classes.md): once the current class is closed, its committee opens the
 * next one by steps: its year and name, its calendar (every payment and event confirmed, none
 * already past), its accounts as they start it (each with what it held at the closing, renamed,
 * and the bank accounts added at Q0; the main one as it is), its committee among today's admins
 * (the one opening it always belongs), the school's list of families (read now, imported once it
 * opens), then its name typed again. The draft stays in this browser until the class opens;
 * nothing is sent to the families meanwhile.
 */
export function NewClassCard({ closed }: { closed: SchoolClass }) {
  const id = useId();
  const navigate = useNavigate();
  const { user } = useUser();
  const { data: accounts } = useAccounts();
  const { data: payments } = usePaymentDates();
  const { data: events } = useEvents();
  const { data: settings } = useSettings();
  const { data: books } = useBooks();
  const { data: classView } = useClassView();
  const { draft, update, forget } = useNewClassDraft(closed);
  // The step the committee just reached takes the focus; a draft resumed at step 3 does not.
  const reached = useRef<NewClassStep | null>(null);
  const [list, setList] = useState<ChosenList | null>(null);
  const name = draftName(draft, t.defaultName);
  // Open, with its list or without: the draft is done and the families' page is next.
  const opened = (message: { title: string; description: string; variant?: 'destructive' }) => {
    forget();
    toast(message);
    void navigate(FAMILIES_PATH);
  };
  const importList = useImportFamilies({
    onSuccess: (result) => opened({ title: t.opened(name.trim()), description: t.importedDetail(result.created) }),
    onError: (error) => opened({ title: t.importFailed, description: errorMessage(error), variant: 'destructive' }),
  });
  const open = useOpenClass({
    // The class is open: its list goes in now (the same file, and the checksum read in its step).
    onSuccess: async () => {
      if (list) await importList.run({ file: list.file, fileName: list.file.name, checksum: list.preview.checksum });
      else opened({ title: t.opened(name.trim()), description: t.openedDetail });
    },
    onError: (error) => toast({ title: t.failed, description: errorMessage(error), variant: 'destructive' }),
  });
  // The signed-in admin first: always in the new committee.
  const admins = (Array.isArray(accounts) ? accounts : [])
    .filter((account) => account.role === 'admin' && !account.disabled)
    .sort((a, b) => Number(b.id === user?.id) - Number(a.id === user?.id));
  const calendarLoaded = Array.isArray(payments) && Array.isArray(events);
  const paymentList = calendarLoaded ? paymentRows(payments, draft) : [];
  const eventList = calendarLoaded ? eventRows(events, draft) : [];
  const confirmed = paymentList.filter(isConfirmedPayment).length + eventList.filter(isConfirmedEvent).length;
  const total = paymentList.length + eventList.length;
  // The holder families will read: the new class's name in place of the closed one's.
  const bank = settings?.bank;
  const holder = bank ? forNextClass(bank.accountHolder, closed, { name: name.trim(), year: Number(draft.year) }) : null;
  const namesDone = /^\d{4}$/.test(draft.year) && Number(draft.year) > closed.year && name.trim() !== '';
  const calendarDone = calendarLoaded && confirmed === total;
  const accountsDone = Boolean(books) && accountsReady(books?.accounts ?? [], draft);
  const ready = Boolean(user) && namesDone && calendarDone && accountsDone && draft.typedName.trim() === name.trim();
  const advance = (step: NewClassStep) => {
    reached.current = step;
    update({ step });
  };
  const toggle = (accountId: number) =>
    update({
      adminIds: draft.adminIds.includes(accountId) ? draft.adminIds.filter((one) => one !== accountId) : [...draft.adminIds, accountId],
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !user) return;
    const others = admins.filter((account) => account.id !== user.id && draft.adminIds.includes(account.id)).map((account) => account.id);
    void open.run({
      year: Number(draft.year),
      name: name.trim(),
      adminIds: [user.id, ...others],
      ...confirmedCalendar(paymentList, eventList),
      ...openingAccounts(books?.accounts ?? [], draft),
      confirmName: draft.typedName.trim(),
    });
  };
  const focus = (step: NewClassStep) => reached.current === step && draft.step === step;
  return (
    <Card data-testid="new-class">
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription>
          {t.explanation(closed.name, closed.familiesReadUntil ? formatDayNumeric(closed.familiesReadUntil) : '')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="admin-form closing-new-class" onSubmit={submit}>
          <Step number={1} title={t.namesTitle} focus={false}>
            <div className="closing-new-class__names">
              <Field id={`${id}-year`} label={t.year}>
                <Input
                  id={`${id}-year`}
                  type="number"
                  inputMode="numeric"
                  required
                  min={closed.year + 1}
                  max={closed.year + 10}
                  step={1}
                  value={draft.year}
                  onChange={(event) => update({ year: event.target.value })}
                />
              </Field>
              <Field id={`${id}-name`} label={t.name}>
                <Input id={`${id}-name`} required maxLength={120} value={name} onChange={(event) => update({ name: event.target.value })} />
              </Field>
            </div>
            {draft.step === 1 && <Continue disabled={!namesDone} onClick={() => advance(2)} />}
          </Step>
          {draft.step >= 2 && (
            <Step number={2} title={t.calendarTitle(draft.year)} focus={focus(2)}>
              {calendarLoaded && (
                <CalendarStep
                  payments={payments}
                  events={events}
                  paymentRows={paymentList}
                  eventRows={eventList}
                  onPayment={(row) => update({ payments: withRow(draft.payments, row) })}
                  onEvent={(row) => update({ events: withRow(draft.events, row) })}
                />
              )}
              <p className="closing-muted" aria-live="polite">
                {t.confirmedCount(confirmed, total)}
              </p>
              {draft.step === 2 && <Continue disabled={!calendarDone} onClick={() => advance(3)} />}
            </Step>
          )}
          {draft.step >= 3 && (
            <Step number={3} title={t.accountsTitle(draft.year)} focus={focus(3)}>
              {books && (
                <AccountsSummary
                  accounts={books.accounts}
                  toNextClass={classView?.report?.destination === 'siguiente'}
                  holder={holder ?? ''}
                  shown={bank && holder !== null ? t.accountShown(bank.bankName, bank.accountNumber, holder) : null}
                  draft={draft}
                  onChange={update}
                />
              )}
              {draft.step === 3 && <Continue disabled={!accountsDone} onClick={() => advance(4)} />}
            </Step>
          )}
          {draft.step >= 4 && (
            <Step number={4} title={t.committee} focus={focus(4)}>
              <CommitteeChoice admins={admins} selfId={user?.id} chosen={draft.adminIds} onToggle={toggle} />
              {draft.step === 4 && <Continue disabled={false} onClick={() => advance(5)} />}
            </Step>
          )}
          {draft.step >= 5 && (
            <Step number={5} title={t.familiesTitle(draft.year)} focus={focus(5)}>
              <FamiliesChoice list={list} onList={setList} />
              {draft.step === 5 && <Continue disabled={false} onClick={() => advance(6)} />}
            </Step>
          )}
          {draft.step >= 6 && (
            <Step number={6} title={t.confirmTitle} focus={focus(6)}>
              <p className="closing-muted">{list ? t.familiesShown(list.file.name, list.preview.rows.length) : t.noFamilies}</p>
              <div className="closing-new-class__confirm">
                <Field id={`${id}-confirm`} label={t.typeName(name.trim())} hint={t.typeNameHint}>
                  <Input
                    id={`${id}-confirm`}
                    autoComplete="off"
                    maxLength={120}
                    value={draft.typedName}
                    onChange={(event) => update({ typedName: event.target.value })}
                  />
                </Field>
              </div>
              <span>
                <Button type="submit" pending={open.isPending || importList.isPending} disabled={!ready}>
                  <FolderPlus size={16} aria-hidden="true" /> {t.submit(draft.year)}
                </Button>
              </span>
            </Step>
          )}
          <p className="closing-muted">{t.kept}</p>
        </form>
      </CardContent>
    </Card>
  );
}
