import { useId, useState } from 'react';
import type { Books } from '@portal/contracts';
import { useAnswerQuestion } from '@portal/api-client/books';
import { formatDateTime } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@portal/ui/card';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { booksTexts as t } from './books-texts';

/** Families' questions about the expenses, each answered once (the answer is every family's). */
export function QuestionsCard({ books }: { books: Books }) {
  const id = useId();
  const [answers, setAnswers] = useState<Record<number, string>>({});
  const answer = useAnswerQuestion(adminToasts({ success: t.questions.sent, failure: t.questions.failed }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t.questions.title}</CardTitle>
      </CardHeader>
      <CardContent className="admin-form">
        {books.questions.length === 0 && <p>{t.questions.empty}</p>}
        {books.questions.map((question) => (
          <div key={question.id} className="books-question">
            <p className="books-muted">
              {t.questions.about(question.expenseId)} · {t.questions.from(question.familyName ?? '')} · {formatDateTime(question.askedAt)}
            </p>
            <p>{question.question}</p>
            {question.answer !== null ? (
              <p>
                <strong>{t.questions.answered(question.answeredBy ?? '')}:</strong> {question.answer}
              </p>
            ) : (
              <form
                className="admin-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  void answer.run({ id: question.id, answer: (answers[question.id] ?? '').trim() });
                }}
              >
                <Field id={`${id}-${question.id}`} label={t.questions.answer}>
                  <textarea
                    id={`${id}-${question.id}`}
                    className="ui-input ui-textarea"
                    rows={2}
                    maxLength={1000}
                    required
                    value={answers[question.id] ?? ''}
                    onChange={(event) => setAnswers({ ...answers, [question.id]: event.target.value })}
                  />
                </Field>
                <Button type="submit" size="sm" pending={answer.isPending}>
                  {t.questions.send}
                </Button>
              </form>
            )}
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
