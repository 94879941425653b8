import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { MyGala } from '@portal/contracts';
import { useMyGala, useSaveMyGuests, useSaveMyNear } from '@portal/api-client/gala';
import type { MutationHandlers } from '@portal/api-client/mutation';
import { useRetryFailed } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { formatClock, formatDay } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { LoadFailed } from '@portal/ui/load-failed';
import { Spinner } from '@portal/ui/spinner';
import { toast } from '@portal/ui/toast';
import { texts } from '../texts';
import { galaTexts as t } from './gala-texts';
import './gala.css';
import { useClosedClassNote } from '../common/closed-class';

// The pass and its QR library come only with the pass.
const EntryPass = lazy(() => import('./EntryPass'));

/** The gala's toasts: the server's message when a change fails (a name it refused, for instance). */
function galaToasts<TInput>(success: { title: string; description: string }, failure: string): MutationHandlers<TInput, MyGala> {
  return {
    onSuccess: () => void toast(success),
    onError: (error) => toast({ title: failure, description: errorMessage(error), variant: 'destructive' }),
  };
}

function Details({ gala }: { gala: MyGala }) {
  const { date, time, place } = gala.details;
  return (
    <Card className="gala-card">
      <h2>{t.details.title}</h2>
      {date ? (
        <dl className="gala-details">
          <dt>{t.details.when}</dt>
          <dd>
            {formatDay(date)}
            {time ? `, ${formatClock(time)}` : ''}
          </dd>
          {place && (
            <>
              <dt>{t.details.where}</dt>
              <dd>{place}</dd>
            </>
          )}
        </dl>
      ) : (
        <p>{t.details.notYet}</p>
      )}
    </Card>
  );
}

function Plan({ gala }: { gala: MyGala }) {
  const columns = Math.max(1, ...gala.tables.map((table) => table.x + 1));
  return (
    <Card className="gala-card">
      <h2>{t.tables.title}</h2>
      {gala.family.tables.length > 0 ? <p className="gala-numbers">{t.tables.numbers(gala.family.tables)}</p> : <p>{t.tables.none}</p>}
      {gala.tables.length > 0 && (
        <>
          <p className="gala-muted">{t.tables.legend}</p>
          <div className="gala-plan-scroll">
            <ol className="gala-plan" style={{ gridTemplateColumns: `repeat(${columns}, minmax(2rem, 3.5rem))` }}>
              {gala.tables.map((table) => (
                <li
                  key={table.number}
                  className={table.mine ? 'gala-table gala-table--mine' : 'gala-table'}
                  style={{ gridColumn: table.x + 1, gridRow: table.y + 1 }}
                  aria-label={t.tables.table(table.number, table.mine)}
                >
                  {table.number}
                </li>
              ))}
            </ol>
          </div>
        </>
      )}
    </Card>
  );
}

function Guests({ gala }: { gala: MyGala }) {
  const max = gala.family.maxGuests;
  const [names, setNames] = useState(() => Array.from({ length: max }, (_, index) => gala.family.guests[index] ?? ''));
  const save = useSaveMyGuests(galaToasts(t.guests.saved, t.guests.failed));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(names);
  };
  if (max === 0) return null;
  return (
    <Card className="gala-card">
      <h2>{t.guests.title}</h2>
      <p className="gala-muted">{t.guests.hint(max)}</p>
      <form onSubmit={submit} className="gala-guests">
        {names.map((name, index) => (
          <Input
            key={index}
            aria-label={t.guests.name(index + 1)}
            placeholder={t.guests.name(index + 1)}
            value={name}
            maxLength={160}
            onChange={(event) => setNames(names.map((other, at) => (at === index ? event.target.value : other)))}
          />
        ))}
        <Button type="submit" pending={save.isPending}>
          {t.guests.save}
        </Button>
      </form>
    </Card>
  );
}

function Near({ gala }: { gala: MyGala }) {
  const [name, setName] = useState('');
  const save = useSaveMyNear(galaToasts(t.near.saved, t.near.failed));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) void save.run({ graduateName: name }).then((result) => result && setName(''));
  };
  return (
    <Card className="gala-card">
      <h2>{t.near.title}</h2>
      <p className="gala-muted">{t.near.hint}</p>
      {gala.family.nearGraduateName && <p className="gala-near">{t.near.current(gala.family.nearGraduateName)}</p>}
      <form onSubmit={submit} className="gala-near-form">
        <Input
          aria-label={t.near.label}
          placeholder={t.near.label}
          value={name}
          maxLength={120}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" pending={save.isPending}>
          {t.near.save}
        </Button>
        {gala.family.nearGraduateName && (
          <Button variant="outline" onClick={() => void save.run({ graduateName: null })}>
            {t.near.remove}
          </Button>
        )}
      </form>
    </Card>
  );
}

/** 'Fiesta de Graduación': the gala's details, the family's tables, guests and entry pass. */
export default function GalaSection() {
  const { data, error, isLoading } = useMyGala();
  const retryFailed = useRetryFailed();
  // A closed class's gala is read, never changed: its guests and its neighbours stay as they were.
  const readOnlyNote = useClosedClassNote();
  return (
    <section className="parent-section gala">
      {/* The pass first: at the door it is what the family opens, even with no connection. */}
      <Suspense fallback={<Spinner />}>
        <EntryPass />
      </Suspense>
      {isLoading && <Spinner />}
      {error && !data ? (
        <LoadFailed onRetry={retryFailed}>
          {texts.loadFailed} {errorMessage(error)}
        </LoadFailed>
      ) : null}
      {data && (
        <>
          <Details gala={data} />
          <Plan gala={data} />
          {readOnlyNote ? (
            <p className="gala-muted">{readOnlyNote}</p>
          ) : (
            <>
              <Guests key={`${data.family.maxGuests}:${data.family.guests.join('|')}`} gala={data} />
              <Near gala={data} />
            </>
          )}
        </>
      )}
    </section>
  );
}
