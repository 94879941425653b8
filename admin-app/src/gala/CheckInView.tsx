import { useCallback, useEffect, useRef, useState } from 'react';
import type { GalaCheckInInput, GalaDoorFamily } from '@portal/contracts';
import { useGalaArrivals, useGalaDoor, useRefreshArrivals, useUndoGalaCheckIn } from '@portal/api-client/gala';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@portal/ui/card';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { adminToasts } from '../common/admin-toasts';
import { formatTime, searchFamilies } from '@portal/format';
import { AddForm, EntryForm } from './DoorCount';
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
  onAdd,
}: {
  family: GalaDoorFamily;
  canUndo: boolean;
  onCheckIn: (family: GalaDoorFamily, count: number) => Promise<void>;
  onAdd: (family: GalaDoorFamily, add: number) => Promise<void>;
}) {
  const arrived = family.arrivedCount ?? 0;
  return (
    <li className="gala-door-family">
      <div>
        <strong>{family.graduateName}</strong>
        <div>{t.door.tables(family.tables)}</div>
        {family.guests.length > 0 && <div className="gala-muted">{family.guests.join(', ')}</div>}
        {family.arrivedAt && <div className="gala-ok">{t.door.arrivedAt(formatTime(family.arrivedAt), family.arrivedCount ?? 0)}</div>}
      </div>
      {canUndo && family.arrivedAt && <UndoCheckIn family={family} />}
      {!family.arrivedAt ? (
        <EntryForm
          id={`gala-count-${family.id}`}
          all={expected(family)}
          max={family.maxGuests}
          onCheckIn={(count) => onCheckIn(family, count)}
        />
      ) : (
        arrived < family.maxGuests && (
          <AddForm
            key={arrived}
            id={`gala-add-${family.id}`}
            arrived={arrived}
            seats={family.maxGuests}
            onAdd={(add) => onAdd(family, add)}
          />
        )
      )}
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

  const checkIn = async (label: string, input: GalaCheckInInput) => report(await sendCheckIn(label, input, t.door.queued));

  // A scanned pass of a family not in yet asks how many come in; any other pass goes to the server
  // at once (which also decides on passes of families this phone does not know).
  const [scanned, setScanned] = useState<{ family: GalaDoorFamily; token: string } | null>(null);
  const onScan = (token: string) => {
    const family = door?.families.find((one) => one.id === Number(token.split('.')[0]));
    if (family && !family.arrivedAt) setScanned({ family, token });
    else void checkIn(t.door.scan, { token });
  };

  const wanted = search.trim();
  const matches = wanted ? searchFamilies(door?.families ?? [], wanted).slice(0, 8) : [];

  const latest = outcomes[0];
  const room =
    latest?.answer && latest.kind === 'ya-ingreso' && latest.answer.arrivedCount < latest.answer.maxGuests ? latest.answer : null;

  return (
    <div className="gala-stack gala-door">
      <div className="gala-answer-slot" aria-live="assertive" aria-atomic="true">
        {scanned ? (
          <div className="gala-answer gala-answer--ask" data-testid="gala-answer">
            <strong className="gala-answer__name">{scanned.family.graduateName}</strong>
            <span>
              {t.door.tables(scanned.family.tables)} · {t.door.scanned}
            </span>
            <EntryForm
              key={scanned.token}
              id="gala-scan-count"
              compact
              all={expected(scanned.family)}
              max={scanned.family.maxGuests}
              onCheckIn={async (count) => {
                setScanned(null);
                await checkIn(scanned.family.graduateName, { token: scanned.token, count });
              }}
            />
            <Button variant="ghost" size="sm" className="gala-answer__close" aria-label={t.door.dismiss} onClick={() => setScanned(null)}>
              ×
            </Button>
          </div>
        ) : (
          latest && (
            <div className={`gala-answer gala-result--${latest.kind}`} data-testid="gala-answer">
              <strong className="gala-answer__name">{latest.label}</strong>
              <span className="gala-answer__message">{latest.message}</span>
              {latest.answer && <span className="gala-answer__tables">{t.door.tables(latest.answer.family.tables)}</span>}
              {room && (
                <AddForm
                  key={latest.id}
                  id="gala-add-count"
                  arrived={room.arrivedCount}
                  seats={room.maxGuests}
                  onAdd={(add) => checkIn(room.family.graduateName, { familyId: room.family.id, add })}
                />
              )}
            </div>
          )
        )}
      </div>
      <Card>
        <CardContent>
          <Scanner onCode={onScan} />
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
                onAdd={(chosen, add) => checkIn(chosen.graduateName, { familyId: chosen.id, add })}
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
