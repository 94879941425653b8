import { Button } from '@portal/ui/button';
import { texts } from '../texts';

/** 'Asistiré' / 'No Puedo Asistir': the current answer is pressed; both wait for the server. */
export function AnswerButtons({
  answer,
  pending,
  onAnswer,
  label,
}: {
  answer: boolean | null;
  pending: boolean;
  onAnswer: (attending: boolean) => void;
  label: string;
}) {
  return (
    <div className="parent-answer" role="group" aria-label={label}>
      <Button
        size="sm"
        variant={answer === true ? 'primary' : 'outline'}
        aria-pressed={answer === true}
        disabled={pending}
        onClick={() => onAnswer(true)}
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
