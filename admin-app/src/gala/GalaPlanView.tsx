import { useMemo, useState, type FormEvent } from 'react';
import { GALA_GRID, TOTAL_TABLES, type GalaDetails, type GalaPlan, type GalaTable } from '@portal/contracts';
import {
  galaSeatingXlsxUrl,
  useAssignGalaTable,
  useAutoAssignGala,
  useDeleteGalaTable,
  useGalaPlan,
  useLayoutGalaTables,
  useRevokeGalaPass,
  useSaveGalaDetails,
  useSaveGalaTable,
  useUnassignGalaTable,
} from '@portal/api-client/gala';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@portal/ui/card';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { toast } from '@portal/ui/toast';
import { ExportButton } from '../common/ExportButton';
import { QueryState } from '../common/QueryState';
import { adminToasts } from '../common/admin-toasts';
import { galaTexts as t } from './gala-texts';
import { SeatingList } from './SeatingList';

function DetailsForm({ details }: { details: GalaDetails }) {
  const [form, setForm] = useState({ date: details.date ?? '', time: details.time ?? '', place: details.place ?? '' });
  const save = useSaveGalaDetails(adminToasts({ success: t.details.saved, failure: t.details.failed }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(form);
  };
  return (
    <Card className="gala-no-print">
      <CardHeader>
        <CardTitle level={2}>{t.details.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="gala-details" onSubmit={submit}>
          <Field id="gala-date" label={t.details.date}>
            <Input id="gala-date" type="date" value={form.date} onChange={(event) => setForm({ ...form, date: event.target.value })} />
          </Field>
          <Field id="gala-time" label={t.details.time}>
            <Input id="gala-time" type="time" value={form.time} onChange={(event) => setForm({ ...form, time: event.target.value })} />
          </Field>
          <Field id="gala-place" label={t.details.place}>
            <Input
              id="gala-place"
              value={form.place}
              maxLength={200}
              onChange={(event) => setForm({ ...form, place: event.target.value })}
            />
          </Field>
          <Button type="submit" pending={save.isPending}>
            {t.details.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function LayoutForm() {
  const [count, setCount] = useState('50');
  const [columns, setColumns] = useState('10');
  const create = useLayoutGalaTables(adminToasts({ success: t.layout.done, failure: t.layout.failed }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void create.run({ count: Number(count), columns: Number(columns) });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{t.layout.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p>{t.layout.hint}</p>
        <form className="gala-details" onSubmit={submit}>
          <Field id="gala-count" label={t.layout.count}>
            <Input id="gala-count" type="number" min={1} max={200} value={count} onChange={(event) => setCount(event.target.value)} />
          </Field>
          <Field id="gala-columns" label={t.layout.columns}>
            <Input id="gala-columns" type="number" min={1} max={40} value={columns} onChange={(event) => setColumns(event.target.value)} />
          </Field>
          <Button type="submit" pending={create.isPending}>
            {t.layout.create}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** The floor plan: a CSS grid, one button a table, placed at its column and row. */
export function FloorPlan({
  plan,
  selected,
  onTable,
  onCell,
}: {
  plan: GalaPlan;
  selected: number | null;
  onTable: (table: GalaTable) => void;
  /** Arranging: the free places around the tables, as buttons too. */
  onCell?: (x: number, y: number) => void;
}) {
  const names = useMemo(() => new Map(plan.families.map((family) => [family.id, family.graduateName])), [plan.families]);
  const extra = onCell ? 1 : 0;
  const columns = Math.min(GALA_GRID.columns, Math.max(1, ...plan.tables.map((table) => table.x + 1 + extra)));
  const rows = Math.min(GALA_GRID.rows, Math.max(1, ...plan.tables.map((table) => table.y + 1 + extra)));
  const taken = new Set(plan.tables.map((table) => `${table.x},${table.y}`));
  const cells = onCell
    ? Array.from({ length: columns * rows }, (_, index) => ({ x: index % columns, y: Math.floor(index / columns) })).filter(
        (cell) => !taken.has(`${cell.x},${cell.y}`),
      )
    : [];
  return (
    <div className="gala-plan-scroll">
      <div className="gala-plan" style={{ gridTemplateColumns: `repeat(${columns}, minmax(2.75rem, 1fr))` }}>
        {plan.tables.map((table) => {
          const family = table.familyId === null ? null : (names.get(table.familyId) ?? null);
          const state = onCell
            ? table.number === selected
              ? 'selected'
              : 'free'
            : table.familyId === null
              ? 'free'
              : table.familyId === selected
                ? 'selected'
                : 'taken';
          return (
            <button
              key={table.number}
              type="button"
              className={`gala-table gala-table--${state}`}
              style={{ gridColumn: table.x + 1, gridRow: table.y + 1 }}
              aria-label={t.plan.table(table.number, family, table.seats)}
              aria-pressed={state === 'selected'}
              title={family ?? undefined}
              onClick={() => onTable(table)}
            >
              <span className="gala-table__number">{table.number}</span>
              {family && <span className="gala-table__family">{family}</span>}
            </button>
          );
        })}
        {cells.map((cell) => (
          <button
            key={`${cell.x},${cell.y}`}
            type="button"
            className="gala-cell"
            style={{ gridColumn: cell.x + 1, gridRow: cell.y + 1 }}
            aria-label={t.arrange.cell(cell.x, cell.y)}
            onClick={() => onCell!(cell.x, cell.y)}
          />
        ))}
      </div>
    </div>
  );
}

/** The chosen table's seats and zone, while arranging. */
function TableEditor({ table, onDone }: { table: GalaTable; onDone: () => void }) {
  const [seats, setSeats] = useState(String(table.seats));
  const [zone, setZone] = useState(table.zone ?? '');
  const save = useSaveGalaTable(adminToasts({ success: t.arrange.saved, failure: t.arrange.failed }));
  const remove = useDeleteGalaTable(adminToasts({ success: t.arrange.removed, failure: t.arrange.failed, onSuccess: onDone }));
  return (
    <form
      className="gala-details gala-table-editor"
      onSubmit={(event) => {
        event.preventDefault();
        void save.run({ number: table.number, x: table.x, y: table.y, seats: Number(seats), zone: zone.trim() || null });
      }}
    >
      <strong>{t.arrange.table(table.number)}</strong>
      <Field id="gala-table-seats" label={t.arrange.seats}>
        <Input id="gala-table-seats" type="number" min={1} max={20} value={seats} onChange={(event) => setSeats(event.target.value)} />
      </Field>
      <Field id="gala-table-zone" label={t.arrange.zone}>
        <Input id="gala-table-zone" value={zone} maxLength={40} onChange={(event) => setZone(event.target.value)} />
      </Field>
      <Button type="submit" pending={save.isPending}>
        {t.arrange.save}
      </Button>
      <Button variant="destructive" pending={remove.isPending} onClick={() => void remove.run(table.number)}>
        {t.arrange.remove}
      </Button>
    </form>
  );
}

function Plan({ plan }: { plan: GalaPlan }) {
  const [selected, setSelected] = useState<number | null>(null);
  const [arranging, setArranging] = useState(false);
  const [chosenTable, setChosenTable] = useState<number | null>(null);
  const [search, setSearch] = useState('');
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const revoke = useRevokeGalaPass(
    adminToasts({ success: t.families.revoked, failure: t.families.revokeFailed, onSuccess: () => setConfirmRevoke(false) }),
  );
  const place = useSaveGalaTable(adminToasts({ success: t.arrange.saved, failure: t.arrange.failed }));
  const assign = useAssignGalaTable(adminToasts({ success: t.plan.assigned, failure: t.plan.assignFailed }));
  const free = useUnassignGalaTable(adminToasts({ success: t.plan.freed, failure: t.plan.assignFailed }));
  const auto = useAutoAssignGala(adminToasts({ success: t.plan.autoDone, failure: t.plan.autoFailed }));
  const families = plan.families.filter(
    (family) =>
      (family.tablesBooked > 0 || family.tables.length > 0) && family.graduateName.toLowerCase().includes(search.trim().toLowerCase()),
  );
  const chosen = plan.families.find((family) => family.id === selected);
  const editing = plan.tables.find((table) => table.number === chosenTable);

  const onCell = (x: number, y: number) => {
    if (chosenTable !== null) {
      void place.run({ number: chosenTable, x, y });
      return;
    }
    const numbers = new Set(plan.tables.map((table) => table.number));
    const next = Array.from({ length: TOTAL_TABLES }, (_, index) => index + 1).find((number) => !numbers.has(number));
    if (next === undefined) toast({ title: t.arrange.full, variant: 'destructive' });
    else void place.run({ number: next, x, y });
  };

  const onTable = ({ number, familyId }: GalaTable) => {
    if (arranging) {
      setChosenTable(chosenTable === number ? null : number);
      return;
    }
    if (selected === null) {
      if (familyId !== null) setSelected(familyId);
      else toast({ title: t.plan.pickFamily });
      return;
    }
    if (familyId === selected) void free.run(number);
    else void assign.run({ number, familyId: selected });
  };

  return (
    <>
      <div className="gala-toolbar gala-no-print">
        <Button pending={auto.isPending} onClick={() => void auto.run(undefined)}>
          {t.plan.auto}
        </Button>
        <ExportButton url={galaSeatingXlsxUrl} fileName={t.plan.exportName} label={t.plan.export} />
        <Button variant="outline" onClick={() => window.print()}>
          {t.plan.print}
        </Button>
        <Button
          variant={arranging ? 'primary' : 'outline'}
          aria-pressed={arranging}
          onClick={() => {
            setArranging(!arranging);
            setChosenTable(null);
          }}
        >
          {arranging ? t.arrange.done : t.arrange.start}
        </Button>
      </div>
      <Card className="gala-no-print">
        <CardHeader>
          <CardTitle level={2}>{t.warnings.title}</CardTitle>
        </CardHeader>
        <CardContent>
          {plan.warnings.length === 0 ? (
            <p>{t.warnings.none}</p>
          ) : (
            <ul className="gala-warnings">
              {plan.warnings.map((warning) => (
                <li key={`${warning.kind}-${warning.familyId}`}>
                  <button type="button" className="gala-link" onClick={() => setSelected(warning.familyId)}>
                    {warning.message}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <div className="gala-layout">
        <Card className="gala-families gala-no-print">
          <CardHeader>
            <CardTitle level={2}>{t.families.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <Input
              aria-label={t.families.search}
              placeholder={t.families.search}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            {families.length === 0 ? (
              <p>{t.families.none}</p>
            ) : (
              <ul className="gala-family-list">
                {families.map((family) => (
                  <li key={family.id}>
                    <button
                      type="button"
                      className="gala-family"
                      aria-pressed={family.id === selected}
                      onClick={() => setSelected(family.id === selected ? null : family.id)}
                    >
                      <span>{family.graduateName}</span>
                      <span className={family.tables.length === family.tablesBooked ? 'gala-count gala-count--ok' : 'gala-count'}>
                        {t.families.tables(family.tables.length, family.tablesBooked)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card className="gala-plan-card">
          <CardHeader>
            <CardTitle level={2}>{t.plan.title}</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="gala-no-print" aria-live="polite">
              {arranging ? t.arrange.howTo : chosen ? t.families.selected(chosen.graduateName) : t.plan.howTo}{' '}
              {!arranging && chosen && (
                <>
                  <Button variant="ghost" size="sm" onClick={() => setSelected(null)}>
                    {t.families.clear}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setConfirmRevoke(true)}>
                    {t.families.revoke}
                  </Button>
                </>
              )}
            </p>
            <ul className="gala-legend">
              <li className="gala-legend__free">{t.plan.legendFree}</li>
              <li className="gala-legend__selected">{t.plan.legendSelected}</li>
              <li className="gala-legend__taken">{t.plan.legendTaken}</li>
            </ul>
            {arranging && editing && (
              <TableEditor key={`${editing.number}:${editing.seats}:${editing.zone}`} table={editing} onDone={() => setChosenTable(null)} />
            )}
            <FloorPlan
              plan={plan}
              selected={arranging ? chosenTable : selected}
              onTable={onTable}
              onCell={arranging ? onCell : undefined}
            />
          </CardContent>
        </Card>
      </div>
      <SeatingList plan={plan} />
      {chosen && (
        <ConfirmDialog
          open={confirmRevoke}
          onOpenChange={setConfirmRevoke}
          title={t.families.revokeTitle(chosen.graduateName)}
          description={t.families.revokeDescription}
          confirmLabel={t.families.revoke}
          pending={revoke.isPending}
          onConfirm={() => void revoke.run(chosen.id)}
        />
      )}
    </>
  );
}

/** The committee's seating plan: the gala's data, the salon's tables, who sits where. */
export default function GalaPlanView() {
  const { data, error, isLoading } = useGalaPlan();
  return (
    <QueryState isLoading={isLoading} error={error}>
      {data && (
        <div className="gala-stack">
          <DetailsForm details={data.details} />
          {data.tables.length === 0 ? <LayoutForm /> : <Plan plan={data} />}
        </div>
      )}
    </QueryState>
  );
}
