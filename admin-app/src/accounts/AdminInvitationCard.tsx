import { useState, type FormEvent } from 'react';
import type { AdminInvitation, AdminInvitationInput } from '@portal/contracts';
import {
  useAdminInvitations,
  useApproveAdminInvitation,
  useProposeAdminInvitation,
  useRejectAdminInvitation,
} from '@portal/api-client/accounts';
import { useUser } from '@portal/api-client/session';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { Field } from '@portal/ui/label';
import { adminToasts } from '../common/admin-toasts';
import { adminInvitationTexts as t } from './admin-invitation-texts';
import './accounts.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
type Errors = Partial<Record<keyof AdminInvitationInput, string>>;

/**
 * 'Invitar administrador': one admin proposes a committee member, another approves and only then
 * is the e-mail sent (alone in the portal, it goes at once). The pending ones wait here.
 */
export function AdminInvitationCard() {
  const { user } = useUser();
  const { data: invitations } = useAdminInvitations();
  const [form, setForm] = useState<AdminInvitationInput>({ name: '', email: '' });
  const [errors, setErrors] = useState<Errors>({});
  const propose = useProposeAdminInvitation(
    adminToasts<AdminInvitationInput, AdminInvitation>({
      success: t.proposed,
      describe: (row) => (row.sentAlone ? t.sentAlone : t.waits),
      failure: t.failed,
      onSuccess: () => setForm({ name: '', email: '' }),
    }),
  );
  const approve = useApproveAdminInvitation(adminToasts<number, AdminInvitation>({ success: t.approved, failure: t.failed }));
  const reject = useRejectAdminInvitation(
    adminToasts<number, AdminInvitation>({
      success: t.rejected,
      failure: t.failed,
      describe: (row) => (row.state === 'retirada' ? t.withdrawn : undefined),
    }),
  );
  const pending = (invitations ?? []).filter((invitation) => invitation.state === 'pendiente');

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {};
    if (!form.name.trim()) found.name = t.nameRequired;
    if (!EMAIL.test(form.email.trim())) found.email = t.emailInvalid;
    setErrors(found);
    if (Object.keys(found).length === 0) void propose.run({ name: form.name.trim(), email: form.email.trim() });
  }

  return (
    <Card className="admin-invitation" aria-labelledby="admin-invitation-title">
      <CardHeader>
        <CardTitle id="admin-invitation-title">{t.title}</CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="admin-invitation__form" onSubmit={submit} noValidate>
          <Field id="admin-invitation-name" label={t.name} error={errors.name}>
            <Input
              id="admin-invitation-name"
              autoComplete="off"
              maxLength={120}
              value={form.name}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? 'admin-invitation-name-error' : undefined}
              onChange={(event) => setForm({ ...form, name: event.target.value })}
            />
          </Field>
          <Field id="admin-invitation-email" label={t.email} error={errors.email}>
            <Input
              id="admin-invitation-email"
              type="email"
              autoComplete="off"
              autoCapitalize="none"
              maxLength={254}
              value={form.email}
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? 'admin-invitation-email-error' : undefined}
              onChange={(event) => setForm({ ...form, email: event.target.value })}
            />
          </Field>
          <Button type="submit" pending={propose.isPending}>
            {t.send}
          </Button>
        </form>
        <h4 className="admin-invitation__subtitle">{t.pendingTitle}</h4>
        {pending.length === 0 ? (
          <p className="admin-muted">{t.none}</p>
        ) : (
          <ul className="admin-invitation__list" aria-label={t.pendingTitle}>
            {pending.map((invitation) => {
              const mine = invitation.proposedById === user?.id;
              return (
                <li key={invitation.id} className="admin-invitation__item">
                  <div>
                    <div className="admin-strong">{invitation.name}</div>
                    <div className="admin-break">{invitation.email}</div>
                    <div className="admin-muted">{mine ? t.yours : t.proposedBy(invitation.proposedByName)}</div>
                  </div>
                  <div className="admin-invitation__actions">
                    {mine ? (
                      <Button
                        variant="outline"
                        aria-label={t.withdrawLabel(invitation.name)}
                        pending={reject.isPending}
                        onClick={() => void reject.run(invitation.id)}
                      >
                        {t.withdraw}
                      </Button>
                    ) : (
                      <>
                        <Button
                          aria-label={t.approveLabel(invitation.name)}
                          pending={approve.isPending}
                          onClick={() => void approve.run(invitation.id)}
                        >
                          {t.approve}
                        </Button>
                        <Button
                          variant="outline"
                          aria-label={t.rejectLabel(invitation.name)}
                          pending={reject.isPending}
                          onClick={() => void reject.run(invitation.id)}
                        >
                          {t.reject}
                        </Button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
