import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import type { GalaPlan } from '@portal/contracts';
import { Card, CardContent, CardTitle } from '@portal/ui/card';
import { galaTexts as t } from './gala-texts';

/** Each table's family and guests (the family's list filled table by table), as printed. */
export function seatingRows(plan: GalaPlan) {
  const families = new Map(plan.families.map((family) => [family.id, family]));
  const used = new Map<number, number>();
  return plan.tables.map((table) => {
    const family = table.familyId === null ? undefined : families.get(table.familyId);
    const from = family ? (used.get(family.id) ?? 0) : 0;
    const last = family?.tables[family.tables.length - 1] === table.number;
    const guests = family ? (last ? family.guests.slice(from) : family.guests.slice(from, from + table.seats)) : [];
    if (family) used.set(family.id, from + guests.length);
    return { number: table.number, family: family?.graduateName ?? null, guests };
  });
}

/**
 * The per-table list, drawn when opened or printed: with every guest of 200 tables it costs more
 * than the plan itself, and the plan is what the screen is for.
 */
export function SeatingList({ plan }: { plan: GalaPlan }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const print = () => flushSync(() => setOpen(true));
    window.addEventListener('beforeprint', print);
    return () => window.removeEventListener('beforeprint', print);
  }, []);
  return (
    <Card className="gala-seating">
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>
          <CardTitle level={2} className="gala-seating__title">
            {t.list.title}
          </CardTitle>
        </summary>
        <CardContent>{open && <SeatingTable plan={plan} />}</CardContent>
      </details>
    </Card>
  );
}

function SeatingTable({ plan }: { plan: GalaPlan }) {
  return (
    <table className="gala-seating__table">
      <thead>
        <tr>
          <th scope="col">{t.list.table}</th>
          <th scope="col">{t.list.family}</th>
          <th scope="col">{t.list.guests}</th>
        </tr>
      </thead>
      <tbody>
        {seatingRows(plan).map((row) => (
          <tr key={row.number}>
            <td>{row.number}</td>
            <td>{row.family ?? t.list.free}</td>
            <td>{row.guests.join(', ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
