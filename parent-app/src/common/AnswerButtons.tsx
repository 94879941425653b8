import { useEffect, useId, useState } from 'react';
import { Button } from '@portal/ui/button';
import { texts } from '../texts';

/**
 * 'Asistiré' / 'No Puedo Asistir': the current answer is pressed, none while the family has not
 * answered (decisions item 17); both wait for the server. With `maxGuests`, a people stepper
 * comes first: 'Asistiré' sends its number (1 to maxGuests). With `closedNote`, the answer is
 * shown read-only under that note.
 */
export function AnswerButtons({
  answer,
  pending,
  onAnswer,
  label,
  guests = null,
  maxGuests,
  closedNote,
}: {
  answer: boolean | null;
  pending: boolean;
  onAnswer: (attending: boolean, guests?: number) => void;
  label: string;
  guests?: number | null;
  maxGuests?: number;
  closedNote?: string | null;
}) {
  const inputId = useId();
  const [people, setPeople] = useState(guests ?? 1);
  useEffect(() => setPeople(guests ?? 1), [guests]);
  const clamp = (value: number) => (maxGuests === undefined ? value : Math.min(Math.max(Math.round(value) || 1, 1), maxGuests));

  if (closedNote) {
    return (
      <div className="parent-answer parent-answer--closed" role="group" aria-label={label}>
        <p className="parent-muted">{closedNote}</p>
        <p>
          {texts.yourAnswer}: <strong>{answerText(answer, guests)}</strong>
        </p>
      </div>
    );
  }
  return (
    <div className="parent-answer" role="group" aria-label={label}>
      {maxGuests !== undefined && (
        <div className="parent-guests">
          <label htmlFor={inputId}>{texts.people}</label>
          <Button
            size="sm"
            variant="outline"
            className="parent-guests__step"
            aria-label={texts.fewerPeople}
            disabled={pending || people <= 1}
            onClick={() => setPeople(clamp(people - 1))}
          >
            −
          </Button>
          <input
            id={inputId}
            className="ui-input parent-guests__input"
            type="number"
            inputMode="numeric"
            min={1}
            max={maxGuests}
            value={people}
            disabled={pending}
            onChange={(event) => setPeople(clamp(Number(event.target.value)))}
          />
          <Button
            size="sm"
            variant="outline"
            className="parent-guests__step"
            aria-label={texts.morePeople}
            disabled={pending || people >= maxGuests}
            onClick={() => setPeople(clamp(people + 1))}
          >
            +
          </Button>
        </div>
      )}
      <Button
        size="sm"
        variant={answer === true ? 'primary' : 'outline'}
        aria-pressed={answer === true}
        disabled={pending}
        onClick={() => (maxGuests === undefined ? onAnswer(true) : onAnswer(true, people))}
      >
        {texts.attend}
      </Button>
      <Button
        size="sm"
        variant={answer === false ? 'secondary' : 'outline'}
        aria-pressed={answer === false}
        disabled={pending}
        onClick={() => onAnswer(false)}
      >
        {texts.cannotAttend}
      </Button>
    </div>
  );
}

/** 'Asistiré (3 personas)', 'No Asistiré' or 'Pendiente'. */
export function answerText(answer: boolean | null, guests: number | null): string {
  if (answer === null) return texts.pending;
  if (!answer) return texts.events.notAttending;
  return guests ? `${texts.events.attending} (${texts.peopleCount(guests)})` : texts.events.attending;
}
