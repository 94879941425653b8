import { useEffect, useRef, type ChangeEvent, type ReactNode } from 'react';
import { FileUp } from 'lucide-react';
import type { Account, FamilyImportPreview, MoneyAccount } from '@portal/contracts';
import { previewNextClassFamilies } from '@portal/api-client/class-opening';
import { useMutation } from '@portal/api-client/mutation';
import { errorMessage } from '@portal/api-client/request';
import { Button } from '@portal/ui/button';
import { formatLedgerAmount } from '@portal/format';
import { toast } from '@portal/ui/toast';
import { accountDetails } from '../books/account-details';
import { SCHOOL_LIST_ACCEPT, importTexts } from '../families/import-texts';
import { closingTexts } from './closing-texts';
import type { NewClassStep } from './new-class-draft';

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

/**
 * The class's accounts as the next class starts them: each with what the closing passed on from it
 * (to the next class: the bank's and the box's money stays where it is), the main one's holder
 * naming the new class. Changing where families pay is four eyes, after the opening.
 */
export function AccountsSummary({
  accounts,
  toNextClass,
  holder,
  shown,
}: {
  accounts: readonly MoneyAccount[];
  /** The closing passed the balance to this class (not to the families or the school). */
  toNextClass: boolean;
  holder: string;
  /** 'Las familias verán la cuenta …', or nothing while the settings load. */
  shown: string | null;
}) {
  return (
    <div className="closing-stack">
      <p className="closing-muted">{t.accountsHelp}</p>
      <ul className="closing-accounts">
        {accounts.map((account) => (
          <li key={account.id}>
            <span className="closing-accounts__name">
              {account.name}
              {account.main && <span className="closing-muted"> · {t.shownToFamilies}</span>}
            </span>
            <span className="closing-muted">{accountDetails(account, account.main ? holder : account.accountHolder)}</span>
            <span>{toNextClass ? t.startsWith(formatLedgerAmount(account.passedOn)) : t.startsEmpty}</span>
          </li>
        ))}
      </ul>
      {shown && <p className="closing-muted">{shown}</p>}
    </div>
  );
}
