import { useCallback, useEffect, useRef, useState } from 'react';
import type { GalaDoorFamily } from '@portal/contracts';
import { useGalaArrivals, useGalaDoor, useRefreshArrivals, useUndoGalaCheckIn } from '@portal/api-client/gala';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@portal/ui/card';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { adminToasts } from '../common/admin-toasts';
import { formatTime, searchFamilies } from '@portal/format';
import { flushQueue, queued, sendCheckIn, type CheckInOutcome } from './checkin-queue';
import { signal } from './feedback';
import { galaTexts as t } from './gala-texts';

const expected = (family: GalaDoorFamily) => (family.guests.length > 0 ? family.guests.length : family.maxGuests);

/** 'Anular ingreso': a check-in made by mistake, undone with its reason. */
function UndoCheckIn({ family }: { family: GalaDoorFamily }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const undo = useUndoGalaCheckIn(adminToasts({ success: t.door.undone, failure: t.door.undoFailed, onSuccess: () => setOpen(false) }));
  const id = `gala-undo-${family.id}`;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {t.door.undo}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t.door.undoTitle(family.graduateName)} description={t.door.undoDescription}>
        <form
          className="gala-undo"
          onSubmit={(event) => {
            event.preventDefault();
            void undo.run({ familyId: family.id, reason });
          }}
        >
          <label className="ui-label" htmlFor={id}>
            {t.door.undoReason}
          </label>
          <Input
            id={id}
            required
            maxLength={200}
            placeholder={t.door.undoReasonHint}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t.door.undoCancel}
            </Button>
            <Button type="submit" variant="destructive" pending={undo.isPending}>
              {t.door.undo}
            </Button>
          </DialogFooter>
        </form>
      </Dialog>
    </>
  );
}

function FamilyRow({
  family,
  canUndo,
  onCheckIn,
}: {
  family: GalaDoorFamily;
  canUndo: boolean;
  onCheckIn: (family: GalaDoorFamily, count: number) => Promise<void>;
}) {
  const [count, setCount] = useState(String(expected(family)));
  const [pending, setPending] = useState(false);
  const id = `gala-count-${family.id}`;
  return (
    <li className="gala-door-family">
      <div>
        <strong>{family.graduateName}</strong>
        <div>{t.door.tables(family.tables)}</div>
        {family.guests.length > 0 && <div className="gala-muted">{family.guests.join(', ')}</div>}
        {family.arrivedAt && <div className="gala-ok">{t.door.arrivedAt(formatTime(family.arrivedAt), family.arrivedCount ?? 0)}</div>}
      </div>
      {canUndo && family.arrivedAt && <UndoCheckIn family={family} />}
      <div className="gala-door-actions">
        <label htmlFor={id}>{t.door.count}</label>
        <Input id={id} type="number" min={0} max={200} value={count} onChange={(event) => setCount(event.target.value)} />
        <Button
          pending={pending}
          onClick={() => {
            setPending(true);
            void onCheckIn(family, Number(count) || 0).finally(() => setPending(false));
          }}
        >
          {t.door.checkIn}
        </Button>
      </div>
    </li>
  );
}

function Scanner({ onCode }: { onCode: (token: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const [failed, setFailed] = useState(false);
  const latest = useRef(onCode);
  latest.current = onCode;
  useEffect(() => {
    if (!on || !video.current) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    setFailed(false);
    import('./scanner')
      .then(({ startScanner }) => startScanner(video.current!, (text) => latest.current(text)))
      .then((stopper) => {
        if (cancelled) stopper();
        else stop = stopper;
      })
      .catch(() => {
        setFailed(true);
        setOn(false);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [on]);
  return (
    <div className="gala-scanner">
      <Button variant={on ? 'outline' : 'primary'} onClick={() => setOn(!on)}>
        {on ? t.door.stopScan : t.door.scan}
      </Button>
      {failed && <p role="alert">{t.door.cameraFailed}</p>}
      {on && <video ref={video} className="gala-video" muted aria-label={t.door.scan} />}
    </div>
  );
}

/**
 * The door: scan a pass or find the family by name; the server decides, and says so. The same
 * screen for the committee and for door volunteers; only the committee may undo a check-in
 * (`canUndo`): undoing lets the family's pass in again.
 */
export default function CheckInView({ canUndo = false }: { canUndo?: boolean }) {
  const { data: door } = useGalaDoor();
  const { data: arrivals } = useGalaArrivals();
  const refreshArrivals = useRefreshArrivals();
  const [search, setSearch] = useState('');
  const [outcomes, setOutcomes] = useState<CheckInOutcome[]>([]);
  const [waiting, setWaiting] = useState(() => queued().length);

  const report = useCallback(
    (outcome: CheckInOutcome) => {
      setOutcomes((list) => [outcome, ...list.filter((other) => other.id !== outcome.id)].slice(0, 20));
      setWaiting(queued().length);
      signal(outcome.kind);
      if (outcome.kind !== 'queued') void refreshArrivals();
    },
    [refreshArrivals],
  );

  useEffect(() => {
    const flush = () => void flushQueue(report).then(() => setWaiting(queued().length));
    flush();
    window.addEventListener('online', flush);
    const timer = setInterval(flush, 15_000);
    return () => {
      window.removeEventListener('online', flush);
      clearInterval(timer);
    };
  }, [report]);

  const checkIn = async (label: string, input: { token?: string; familyId?: number; count?: number }) =>
    report(await sendCheckIn(label, input, t.door.queued));

  const wanted = search.trim();
  const matches = wanted ? searchFamilies(door?.families ?? [], wanted).slice(0, 8) : [];

  const latest = outcomes[0];

  return (
    <div className="gala-stack gala-door">
      <div className="gala-answer-slot" aria-live="assertive" aria-atomic="true">
        {latest && (
          <div className={`gala-answer gala-result--${latest.kind}`} data-testid="gala-answer">
            <strong className="gala-answer__name">{latest.label}</strong>
            <span className="gala-answer__message">{latest.message}</span>
            {latest.answer && <span className="gala-answer__tables">{t.door.tables(latest.answer.family.tables)}</span>}
          </div>
        )}
      </div>
      <Card>
        <CardContent>
          <Scanner onCode={(token) => void checkIn(t.door.scan, { token })} />
          <label className="ui-label" htmlFor="gala-door-search">
            {t.door.search}
          </label>
          <Input
            id="gala-door-search"
            type="search"
            placeholder={t.door.searchHint}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          {wanted && matches.length === 0 && <p>{t.door.noMatches}</p>}
          <ul className="gala-door-list">
            {matches.map((family) => (
              <FamilyRow
                key={family.id}
                family={family}
                canUndo={canUndo}
                onCheckIn={(chosen, count) => checkIn(chosen.graduateName, { familyId: chosen.id, count })}
              />
            ))}
          </ul>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t.door.live}</CardTitle>
        </CardHeader>
        <CardContent>
          {arrivals && (
            <>
              <p className="gala-live" aria-live="polite">
                {t.door.liveCount(arrivals.arrived, arrivals.expected)}
              </p>
              <details>
                <summary>{t.door.perTable}</summary>
                <ul className="gala-live-tables">
                  {arrivals.tables
                    .filter((table) => table.familyId !== null)
                    .map((table) => (
                      <li key={table.number}>
                        {t.list.table} {table.number}: {table.arrived}/{table.expected}
                      </li>
                    ))}
                </ul>
              </details>
            </>
          )}
          {waiting > 0 && <p className="gala-warn">{t.door.pending(waiting)}</p>}
        </CardContent>
      </Card>
      {outcomes.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle level={2}>{t.door.results}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="gala-results">
              {outcomes.map((outcome) => (
                <li key={outcome.id} className={`gala-result gala-result--${outcome.kind}`}>
                  <strong>{outcome.label}</strong> {outcome.message}
                  {outcome.answer && <span> · {t.door.tables(outcome.answer.family.tables)}</span>}
                  {outcome.answer && outcome.answer.family.guests.length > 0 && (
                    <div className="gala-muted">{outcome.answer.family.guests.join(', ')}</div>
                  )}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
