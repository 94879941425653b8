import type { GalaPlan } from '@portal/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@portal/ui/card';
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

export function SeatingList({ plan }: { plan: GalaPlan }) {
  return (
    <Card className="gala-seating">
      <CardHeader>
        <CardTitle level={2}>{t.list.title}</CardTitle>
      </CardHeader>
      <CardContent>
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
      </CardContent>
    </Card>
  );
}
