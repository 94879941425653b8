import { useId, useState, type FormEvent } from 'react';
import { CalendarCheck } from 'lucide-react';
import type { SchoolClass } from '@portal/contracts';
import { useChangeFamiliesReadUntil, useClasses } from '@portal/api-client/class-opening';
import { formatDayNumeric, todayInGuatemala } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { closingTexts } from './closing-texts';

const t = closingTexts.familiesAccess;

/** One closed class's day: what it is now, and a new one (today at the earliest). */
function ClassAccess({ schoolClass }: { schoolClass: SchoolClass & { familiesReadUntil: string } }) {
  const id = useId();
  const today = todayInGuatemala();
  const [day, setDay] = useState(schoolClass.familiesReadUntil < today ? today : schoolClass.familiesReadUntil);
  const change = useChangeFamiliesReadUntil(adminToasts({ success: t.saved(schoolClass.name, formatDayNumeric(day)), failure: t.failed }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void change.run({ id: schoolClass.id, familiesReadUntil: day });
  };
  const current = formatDayNumeric(schoolClass.familiesReadUntil);
  return (
    <form className="closing-access" onSubmit={submit}>
      <Field id={id} label={t.until(schoolClass.name)}>
        <Input id={id} type="date" required min={today} value={day} onChange={(event) => setDay(event.target.value)} />
      </Field>
      <p className="closing-muted">{schoolClass.familiesReadUntil < today ? t.ended(current) : t.now(current)}</p>
      <span>
        <Button type="submit" variant="outline" pending={change.isPending} disabled={day === schoolClass.familiesReadUntil}>
          <CalendarCheck size={16} aria-hidden="true" /> {t.save}
        </Button>
      </span>
    </form>
  );
}

/**
 * 'Acceso de las familias' (docs/classes.md): until when the families of each closed class (the
 * current one once closed, and the archived ones) read it; changed after the closing.
 */
export function FamiliesAccessCard() {
  const { data: classes } = useClasses();
  const closed = (Array.isArray(classes) ? classes : []).filter(
    (one): one is SchoolClass & { familiesReadUntil: string } => one.state === 'cerrada' && one.familiesReadUntil !== null,
  );
  if (closed.length === 0) return null;
  return (
    <Card data-testid="families-access">
      <CardHeader>
        <CardTitle>{t.title}</CardTitle>
        <CardDescription>{t.explanation}</CardDescription>
      </CardHeader>
      <CardContent className="closing-access-list">
        {closed.map((schoolClass) => (
          <ClassAccess key={`${schoolClass.id}-${schoolClass.familiesReadUntil}`} schoolClass={schoolClass} />
        ))}
      </CardContent>
    </Card>
  );
}
