import { useState } from 'react';
import { Button } from '@portal/ui/button';
import { Input } from '@portal/ui/input';
import { galaTexts as t } from './gala-texts';

const clamp = (value: number, max: number) => Math.min(Math.max(Math.round(value) || 1, 1), Math.max(max, 1));

/** A count from 1 to `max` with − and + buttons a thumb can hit (44 px) around the number. */
export function PeopleCounter({
  id,
  label,
  value,
  max,
  onChange,
  hideLabel = false,
}: {
  id: string;
  label: string;
  value: number;
  max: number;
  onChange: (value: number) => void;
  /** The label is read by screen readers only (the question around it says it). */
  hideLabel?: boolean;
}) {
  return (
    <div className="gala-counter">
      <label className={hideLabel ? 'ui-visually-hidden' : 'ui-label'} htmlFor={id}>
        {label}
      </label>
      <div className="gala-counter__row">
        <Button
          variant="outline"
          className="gala-counter__step"
          aria-label={t.door.less}
          disabled={value <= 1}
          onClick={() => onChange(clamp(value - 1, max))}
        >
          −
        </Button>
        <Input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          value={String(value)}
          onChange={(event) => onChange(clamp(Number(event.target.value), max))}
        />
        <Button
          variant="outline"
          className="gala-counter__step"
          aria-label={t.door.more}
          disabled={value >= max}
          onClick={() => onChange(clamp(value + 1, max))}
        >
          +
        </Button>
      </div>
    </div>
  );
}

/**
 * A family's first arrival: the count starts at 1 (a family may come in two cars), 'Todos (N)'
 * lets everyone in with one tap.
 */
export function EntryForm({
  id,
  all,
  max,
  onCheckIn,
  compact = false,
}: {
  id: string;
  all: number;
  max: number;
  onCheckIn: (count: number) => Promise<void>;
  /** Above the open camera: the question says what the count is, the label is for screen readers. */
  compact?: boolean;
}) {
  const [count, setCount] = useState(1);
  const [pending, setPending] = useState(false);
  const send = (value: number) => {
    setPending(true);
    void onCheckIn(value).finally(() => setPending(false));
  };
  return (
    <div className="gala-door-actions">
      <PeopleCounter id={id} label={t.door.count} value={count} max={Math.max(max, all)} onChange={setCount} hideLabel={compact} />
      <Button pending={pending} onClick={() => send(count)}>
        {t.door.checkIn}
      </Button>
      {all > 1 && (
        <Button variant="outline" disabled={pending} onClick={() => send(all)}>
          {t.door.all(all)}
        </Button>
      )}
    </div>
  );
}

/** Latecomers of a family already in: 'Ya ingresaron 9 de 16: ¿agregar?', up to its free seats. */
export function AddForm({
  id,
  arrived,
  seats,
  onAdd,
}: {
  id: string;
  arrived: number;
  seats: number;
  onAdd: (add: number) => Promise<void>;
}) {
  const [count, setCount] = useState(1);
  const [pending, setPending] = useState(false);
  return (
    <div className="gala-door-add">
      <p className="gala-door-add__question">{t.door.partly(arrived, seats)}</p>
      <div className="gala-door-actions">
        <PeopleCounter id={id} label={t.door.addCount} value={count} max={seats - arrived} onChange={setCount} />
        <Button
          pending={pending}
          onClick={() => {
            setPending(true);
            void onAdd(count).finally(() => setPending(false));
          }}
        >
          {t.door.add}
        </Button>
      </div>
    </div>
  );
}
