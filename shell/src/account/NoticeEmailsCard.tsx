import { useNoticeEmails, useSetNoticeEmails } from '@portal/api-client/notices';
import { errorMessage } from '@portal/api-client/request';
import { Card, CardContent, CardDescription, CardHeader } from '@portal/ui/card';
import { toast } from '@portal/ui/toast';
import { accountTexts } from './account-texts';

const t = accountTexts.noticeEmails;

/**
 * A parent's family receives the committee's notices by e-mail unless it followed the
 * unsubscribe link in one of them; here it turns them back on (or off). Hidden for an account
 * without a family (the request answers 404).
 */
export function NoticeEmailsCard() {
  const { data } = useNoticeEmails();
  const save = useSetNoticeEmails({
    onSuccess: ({ enabled }) => void toast({ title: enabled ? t.on : t.off }),
    onError: (error) => toast({ title: t.failed, description: errorMessage(error), variant: 'destructive' }),
  });
  if (!data) return null;

  return (
    <Card>
      <CardHeader>
        <h2 className="ui-card__title">{t.title}</h2>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <label className="ui-checkbox">
          <input
            type="checkbox"
            checked={data.enabled}
            disabled={save.isPending}
            onChange={(event) => void save.run({ enabled: event.target.checked })}
          />
          {t.label}
        </label>
      </CardContent>
    </Card>
  );
}
