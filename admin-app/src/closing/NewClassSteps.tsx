import { useEffect, useRef, type ReactNode } from 'react';
import type { Account } from '@portal/contracts';
import { Button } from '@portal/ui/button';
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
