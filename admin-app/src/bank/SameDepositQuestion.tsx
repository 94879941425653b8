import { useSyncExternalStore } from 'react';
import type { BankLineDecision, BankPreviewLine } from '@portal/contracts';
import { bankTexts } from './bank-texts';

const t = bankTexts.sameDeposit;

// The lines (by checksum) the committee said are another deposit. Kept beside the question rather
// than in 'Banco''s state, so the screen only renders the question and adds its answer to what it
// confirms (sameDepositChoice); a checksum is a deposit's fingerprint, so an answer never moves to
// another line.
const different = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
function answer(checksum: string, isDifferent: boolean) {
  if (isDifferent) different.add(checksum);
  else different.delete(checksum);
  version += 1;
  for (const listener of listeners) listener();
}

/** What a confirmation of this line adds: `differentDeposit` when the committee said it is another deposit. */
export function sameDepositChoice(line: BankPreviewLine): Pick<BankLineDecision, 'differentDeposit'> {
  return line.sameDeposit && different.has(line.checksum) ? { differentDeposit: true } : {};
}

/**
 * '¿Es el depósito del comprobante #N?': a line of the family's verified receipt's amount within 3
 * days of it, while that family is the one chosen. 'Es el mismo depósito' (the default) links the
 * line to the receipt's credit; 'Es otro depósito' makes it a credit of its own.
 */
export function SameDepositQuestion({ line, familyId }: { line: BankPreviewLine; familyId: number | null }) {
  useSyncExternalStore(subscribe, () => version);
  const same = line.sameDeposit;
  if (line.status !== 'nueva' || !same || same.familyId !== familyId) return null;
  const isDifferent = different.has(line.checksum);
  return (
    <fieldset className="admin-form__answer admin-bank__same">
      <legend>{t.question(same.receiptId)}</legend>
      <p className="admin-muted">{same.reason}</p>
      <label className="ui-checkbox">
        <input type="radio" name={`same-${line.checksum}`} checked={!isDifferent} onChange={() => answer(line.checksum, false)} />
        {t.same}
      </label>
      <label className="ui-checkbox">
        <input type="radio" name={`same-${line.checksum}`} checked={isDifferent} onChange={() => answer(line.checksum, true)} />
        {t.different}
      </label>
    </fieldset>
  );
}
