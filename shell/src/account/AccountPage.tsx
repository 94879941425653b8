import { useState } from 'react';
import { useNavigate } from '@portal/ui/router';
import { useLogoutAll } from '@portal/auth/mutations';
import { errorMessage } from '@portal/api-client/request';
import { useUser } from '@portal/api-client/session';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@portal/ui/card';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { toast } from '@portal/ui/toast';
import { accountTexts } from './account-texts';
import { ChangePasswordForm } from './ChangePasswordForm';
import { NoticeEmailsCard } from './NoticeEmailsCard';

const t = accountTexts;

/** 'Mi cuenta' (/cuenta), for admins and parents alike. */
export function AccountPage() {
  const { user } = useUser();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const logoutAll = useLogoutAll(
    () => {
      toast({ title: t.logoutAll.done });
      void navigate('/auth', { replace: true });
    },
    (error) => {
      setConfirming(false);
      toast({ title: t.logoutAll.failed, description: errorMessage(error), variant: 'destructive' });
    },
  );
  // ProtectedRoute renders this page only with a user.
  if (!user) return null;

  return (
    <div className="account">
      <header className="account__header">
        <h1 className="account__title">{t.title}</h1>
        <p className="account__subtitle">{t.subtitle}</p>
      </header>

      <Card>
        <CardHeader>
          <h2 className="ui-card__title">{t.details}</h2>
        </CardHeader>
        <CardContent>
          <dl className="account__details">
            <dt>{t.name}</dt>
            <dd>{user.name}</dd>
            <dt>{t.username}</dt>
            <dd>{user.username}</dd>
            <dt>{t.email}</dt>
            <dd>{user.email ?? t.noEmail}</dd>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="ui-card__title">{t.password.title}</h2>
          <CardDescription>{t.password.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm username={user.username} />
        </CardContent>
      </Card>

      {user.role === 'parent' && user.emailVerified && <NoticeEmailsCard />}

      <Card>
        <CardHeader>
          <h2 className="ui-card__title">{t.logoutAll.title}</h2>
          <CardDescription>{t.logoutAll.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="destructive" className="account__logout-all" onClick={() => setConfirming(true)}>
            {t.logoutAll.button}
          </Button>
        </CardContent>
      </Card>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t.logoutAll.confirmTitle}
        description={t.logoutAll.confirmText}
        confirmLabel={t.logoutAll.confirm}
        onConfirm={() => void logoutAll.run(undefined)}
        pending={logoutAll.isPending}
      />
    </div>
  );
}
