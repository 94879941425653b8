import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { FileUp, Plus, Trash2 } from 'lucide-react';
import { MONEY_ACCOUNT_NAME_MAX, type Account, type FamilyImportPreview, type MoneyAccount } from '@portal/contracts';
import { previewNextClassFamilies } from '@portal/api-client/class-opening';
import { useMutation } from '@portal/api-client/mutation';
import { errorMessage } from '@portal/api-client/request';
import { Button } from '@portal/ui/button';
import { formatLedgerAmount } from '@portal/format';
import { Input } from '@portal/ui/input';
import { toast } from '@portal/ui/toast';
import { AccountFields, emptyAccount } from '../books/AccountFields';
import { accountDetails } from '../books/account-details';
import { SCHOOL_LIST_ACCEPT, importTexts } from '../families/import-texts';
import { closingTexts } from './closing-texts';
import { accountName, withRow, type AddedAccountRow, type NewClassDraft, type NewClassStep } from './new-class-draft';

const t = closingTexts.newClass;

/** One step of 'Nueva promoción', shown once the steps before it are done; its heading takes the focus when it appears. */
export function Step({ number, title, focus, children }: { number: NewClassStep; title: string; focus: boolean; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className="closing-step">
      <p className="closing-step__number">{t.step(number)}</p>
      <h4 className="closing-step__title" ref={heading} tabIndex={-1}>
        {title}
      </h4>
      {children}
    </section>
  );
}

/** 'Continuar' to the next step. */
export function Continue({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <span>
      <Button variant="secondary" disabled={disabled} onClick={onClick}>
        {t.continue}
      </Button>
    </span>
  );
}

/** The new committee among the admin accounts that can sign in; the signed-in one belongs for good. */
export function CommitteeChoice({
  admins,
  selfId,
  chosen,
  onToggle,
}: {
  admins: readonly Account[];
  selfId: number | undefined;
  chosen: readonly number[];
  onToggle: (accountId: number) => void;
}) {
  return (
    <fieldset className="closing-destinations">
      <legend className="ui-visually-hidden">{t.committee}</legend>
      {admins.map((account) => {
        const self = account.id === selfId;
        return (
          <label key={account.id} className="ui-checkbox">
            <input type="checkbox" checked={self || chosen.includes(account.id)} disabled={self} onChange={() => onToggle(account.id)} />
            <span>
              {account.name} {self && <span className="closing-muted">{t.you}</span>}
            </span>
          </label>
        );
      })}
      <p className="closing-muted">{t.committeeHint}</p>
    </fieldset>
  );
}

/** The school's list chosen for the new class: the file and how the server read it. */
export interface ChosenList {
  file: File;
  preview: FamilyImportPreview;
}

/**
 * The new class's families: the school's list read now (nothing written), imported once the class
 * opens. Kept in the page only: a file does not fit the draft, so a resumed draft chooses it again.
 */
export function FamiliesChoice({ list, onList }: { list: ChosenList | null; onList: (list: ChosenList | null) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const read = useMutation((file: File) => previewNextClassFamilies(file, file.name), {
    onSuccess: (preview, file) => onList({ file, preview }),
    onError: (error) => toast({ title: importTexts.readFailed, description: errorMessage(error), variant: 'destructive' }),
  });
  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    // The same file can be chosen again once it is fixed.
    event.target.value = '';
    if (chosen) void read.run(chosen);
  }
  return (
    <div className="closing-stack">
      <p className="closing-muted">{t.familiesHelp}</p>
      <input ref={input} type="file" hidden aria-label={importTexts.file} accept={SCHOOL_LIST_ACCEPT} onChange={pick} />
      <span className="closing-stack__actions">
        <Button variant="outline" onClick={() => input.current?.click()} pending={read.isPending}>
          {!read.isPending && <FileUp size={16} aria-hidden="true" />}
          {read.isPending ? importTexts.reading : list ? t.chooseOther : t.chooseList}
        </Button>
        {list && (
          <Button variant="ghost" onClick={() => onList(null)}>
            {t.forgetList}
          </Button>
        )}
      </span>
      {list && (
        <div aria-live="polite">
          <p>{t.listRead(list.file.name, list.preview.rows.length, list.preview.refused.length)}</p>
          {list.preview.refused.length > 0 && (
            <ul className="closing-stack__refused">
              {list.preview.refused.map((row) => (
                <li key={row.line}>{t.refusedLine(row.line, row.graduateName, row.reasons)}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** A bank account the new class adds: its fields as 'Cuentas del Comité' asks them, starting at Q0. */
function AddedAccount({
  row,
  focus,
  onChange,
  onRemove,
}: {
  row: AddedAccountRow;
  /** Just added: its name takes the focus. */
  focus: boolean;
  onChange: (row: AddedAccountRow) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const fields = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (focus) fields.current?.querySelector('input')?.focus();
  }, [focus]);
  return (
    <li>
      <fieldset className="closing-accounts__new" ref={fields}>
        <legend>{t.newAccount}</legend>
        <div className="admin-form admin-form--two">
          <AccountFields id={id} form={row} set={(name) => (value) => onChange({ ...row, [name]: value })} bank />
        </div>
        <span>{t.startsNew}</span>
        <span>
          <Button variant="ghost" onClick={onRemove}>
            <Trash2 size={16} aria-hidden="true" /> {t.removeAccount}
          </Button>
        </span>
      </fieldset>
    </li>
  );
}

/**
 * The class's accounts as the next class starts them: each with what the closing passed on from it
 * (to the next class: the bank's and the box's money stays where it is), the main one's holder
 * naming the new class. The others are renamed in place, and bank accounts are added at Q0; all
 * kept in the draft and sent with the opening. Changing where families pay is four eyes, after it.
 */
export function AccountsSummary({
  accounts,
  toNextClass,
  holder,
  shown,
  draft,
  onChange,
}: {
  accounts: readonly MoneyAccount[];
  /** The closing passed the balance to this class (not to the families or the school). */
  toNextClass: boolean;
  holder: string;
  /** 'Las familias verán la cuenta …', or nothing while the settings load. */
  shown: string | null;
  draft: NewClassDraft;
  onChange: (change: Partial<Pick<NewClassDraft, 'renamed' | 'added'>>) => void;
}) {
  const [added, setAdded] = useState<number | null>(null);
  const add = () => {
    const key = Math.max(0, ...draft.added.map((row) => row.key)) + 1;
    setAdded(key);
    onChange({ added: [...draft.added, { key, ...emptyAccount() }] });
  };
  return (
    <div className="closing-stack">
      <p className="closing-muted">{t.accountsHelp}</p>
      <ul className="closing-accounts">
        {accounts.map((account) => (
          <li key={account.id}>
            {account.main ? (
              <span className="closing-accounts__name">
                {account.name}
                <span className="closing-muted"> · {t.shownToFamilies}</span>
              </span>
            ) : (
              <Input
                className="closing-accounts__rename"
                aria-label={t.accountName(account.name)}
                required
                maxLength={MONEY_ACCOUNT_NAME_MAX}
                value={accountName(account, draft)}
                onChange={(event) => onChange({ renamed: withRow(draft.renamed, { id: account.id, name: event.target.value }) })}
              />
            )}
            <span className="closing-muted">{accountDetails(account, account.main ? holder : account.accountHolder)}</span>
            <span>{toNextClass ? t.startsWith(formatLedgerAmount(account.passedOn)) : t.startsEmpty}</span>
          </li>
        ))}
        {draft.added.map((row) => (
          <AddedAccount
            key={row.key}
            row={row}
            focus={row.key === added}
            onChange={(changed) => onChange({ added: draft.added.map((one) => (one.key === row.key ? changed : one)) })}
            onRemove={() => onChange({ added: draft.added.filter((one) => one.key !== row.key) })}
          />
        ))}
      </ul>
      <span className="closing-stack__actions">
        <Button variant="outline" onClick={add}>
          <Plus size={16} aria-hidden="true" /> {t.addAccount}
        </Button>
      </span>
      {shown && <p className="closing-muted">{shown}</p>}
    </div>
  );
}
