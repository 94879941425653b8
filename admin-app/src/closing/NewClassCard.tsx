import { useId, useState, type FormEvent } from 'react';
import { FolderPlus } from 'lucide-react';
import type { SchoolClass } from '@portal/contracts';
import { useAccounts } from '@portal/api-client/accounts';
import { useOpenClass } from '@portal/api-client/class-opening';
import { useUser } from '@portal/api-client/session';
import { formatDayNumeric } from '@portal/format';
import { useNavigate } from '@portal/ui/router';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { closingTexts } from './closing-texts';

const t = closingTexts.newClass;

/** Where the new class's families come from: the school's list ('Importar lista del colegio'). */
const FAMILIES_PATH = '/admin/familias';

/**
 * 'Nueva promoción' (docs/classes.md): once the current class is closed, its committee opens the
 * next one, names it and chooses who of today's admins form its committee (the one opening it
 * always does); then the families come from the school's list.
 */
export function NewClassCard({ closed }: { closed: SchoolClass }) {
  const id = useId();
  const navigate = useNavigate();
  const { user } = useUser();
  const { data: accounts } = useAccounts();
  const [year, setYear] = useState(String(closed.year + 1));
  // The name follows the year until someone writes one.
  const [name, setName] = useState<string | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const open = useOpenClass(
    adminToasts({
      success: t.opened(name ?? t.defaultName(year)),
      describe: () => t.openedDetail,
      failure: t.failed,
      onSuccess: () => navigate(FAMILIES_PATH),
    }),
  );
  // The signed-in admin first: always in the new committee.
  const admins = (Array.isArray(accounts) ? accounts : [])
    .filter((account) => account.role === 'admin' && !account.disabled)
    .sort((a, b) => Number(b.id === user?.id) - Number(a.id === user?.id));
  const toggle = (accountId: number) =>
    setChosen((all) => {
      const next = new Set(all);
      if (!next.delete(accountId)) next.add(accountId);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const adminIds = [
      user.id,
      ...admins.filter((account) => account.id !== user.id && chosen.has(account.id)).map((account) => account.id),
    ];
    void open.run({ year: Number(year), name: (name ?? t.defaultName(year)).trim(), adminIds });
  };
  return (
    <Card data-testid="new-class">
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription>
          {t.explanation(closed.name, closed.familiesReadUntil ? formatDayNumeric(closed.familiesReadUntil) : '')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="admin-form" onSubmit={submit}>
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
                value={year}
                onChange={(event) => setYear(event.target.value)}
              />
            </Field>
            <Field id={`${id}-name`} label={t.name}>
              <Input
                id={`${id}-name`}
                required
                maxLength={120}
                value={name ?? t.defaultName(year)}
                onChange={(event) => setName(event.target.value)}
              />
            </Field>
          </div>
          <fieldset className="closing-destinations">
            <legend>{t.committee}</legend>
            {admins.map((account) => {
              const self = account.id === user?.id;
              return (
                <label key={account.id} className="ui-checkbox">
                  <input type="checkbox" checked={self || chosen.has(account.id)} disabled={self} onChange={() => toggle(account.id)} />
                  <span>
                    {account.name} {self && <span className="closing-muted">{t.you}</span>}
                  </span>
                </label>
              );
            })}
            <p className="closing-muted">{t.committeeHint}</p>
          </fieldset>
          <span>
            <Button type="submit" pending={open.isPending} disabled={!user}>
              <FolderPlus size={16} aria-hidden="true" /> {t.submit(year)}
            </Button>
          </span>
        </form>
      </CardContent>
    </Card>
  );
}
