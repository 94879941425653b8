import { MessageCircleQuestionMark } from 'lucide-react';
import { useOpenQuestions } from '@portal/api-client/books';
import { Card } from '@portal/ui/card';
import { Link } from '@portal/ui/router';
import { texts } from '../texts';

const t = texts.dashboard;

/** The families' questions still unanswered, on the dashboard (they also sit at the foot of 'Cuentas del Comité'). */
export function OpenQuestions() {
  const { data } = useOpenQuestions();
  if (!data) return null;
  return (
    <Card className="admin-stat" data-testid="open-questions">
      <span className="admin-stat__label">
        <MessageCircleQuestionMark size={18} aria-hidden="true" /> {t.questionsTitle}
      </span>
      <p className="admin-stat__value">{data.count}</p>
      <p className="admin-stat__hint">
        <span>{data.count > 0 ? t.openQuestions(data.count) : t.noOpenQuestions}</span>
        {data.count > 0 && (
          <>
            {' · '}
            <Link to="/admin/cuentas-comite">{t.answerQuestions}</Link>
          </>
        )}
      </p>
    </Card>
  );
}
