import { useState } from 'react';
import type { DoorAccess, DoorAccessCreated } from '@portal/contracts';
import { useDoorAccesses, useGrantDoorAccess, useRevokeDoorAccess } from '@portal/api-client/accounts';
import { useGalaPlan } from '@portal/api-client/gala';
import { formatDateTime, todayInGuatemala } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@portal/ui/card';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { adminToasts } from '../common/admin-toasts';
import { galaTexts } from './gala-texts';

const t = galaTexts.access;

/** The last minute of access: "26 nov 2026, 11:59 p. m." reads as the day the committee chose. */
const lastMinute = (iso: string) => formatDateTime(new Date(Date.parse(iso) - 60_000));

function GrantDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (created: DoorAccessCreated) => void;
}) {
  const { data: plan } = useGalaPlan();
  const today = todayInGuatemala();
  // The gala's day when it is still ahead, else today.
  const galaDay = plan?.details.date && plan.details.date >= today ? plan.details.date : today;
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [until, setUntil] = useState<string | null>(null);
  const grant = useGrantDoorAccess(
    adminToasts({
      success: t.created,
      failure: t.failed,
      onSuccess: (created) => {
        setName('');
        setUsername('');
        setUntil(null);
        onCreated(created);
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t.grant} description={t.description}>
      <form
        className="gala-access-form"
        onSubmit={(event) => {
          event.preventDefault();
          void grant.run({ name, username, until: until ?? galaDay });
        }}
      >
        <label className="ui-label" htmlFor="door-access-name">
          {t.name}
        </label>
        <Input id="door-access-name" required maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
        <label className="ui-label" htmlFor="door-access-username">
          {t.username}
        </label>
        <Input
          id="door-access-username"
          required
          autoCapitalize="none"
          autoComplete="off"
          pattern="[A-Za-z0-9._\-]{3,30}"
          value={username}
          aria-describedby="door-access-username-hint"
          onChange={(event) => setUsername(event.target.value)}
        />
        <p id="door-access-username-hint" className="gala-muted">
          {t.usernameHint}
        </p>
        <label className="ui-label" htmlFor="door-access-until">
          {t.until}
        </label>
        <Input
          id="door-access-until"
          type="date"
          required
          min={today}
          value={until ?? galaDay}
          onChange={(event) => setUntil(event.target.value)}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" pending={grant.isPending}>
            {t.create}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** The password of a new door access, shown this once. */
function CreatedDialog({ created, onClose }: { created: DoorAccessCreated | null; onClose: () => void }) {
  const signInUrl = `${window.location.origin}/auth`;
  return (
    <Dialog
      open={created !== null}
      onOpenChange={(next) => !next && onClose()}
      title={created ? t.passwordTitle(created.access.username) : ''}
      description={t.passwordHint}
    >
      {created && (
        <div className="gala-access-created">
          <p>{t.signIn(signInUrl)}</p>
          <dl>
            <dt>{t.username}</dt>
            <dd data-testid="door-access-username">{created.access.username}</dd>
            <dt>{t.password}</dt>
            <dd data-testid="door-access-password" className="gala-access-password">
              {created.password}
            </dd>
          </dl>
          <p>{t.active(lastMinute(created.access.accessUntil))}</p>
          <DialogFooter>
            <Button onClick={onClose}>{t.close}</Button>
          </DialogFooter>
        </div>
      )}
    </Dialog>
  );
}

/**
 * 'Voluntarios de la entrada' (committee only): door accounts for the night, each until the end
 * of a day, and taken back with one tap. Every grant and revoke is in 'Historial'.
 */
export function DoorAccessCard() {
  const { data: accesses } = useDoorAccesses();
  const [granting, setGranting] = useState(false);
  const [created, setCreated] = useState<DoorAccessCreated | null>(null);
  const [revoking, setRevoking] = useState<DoorAccess | null>(null);
  const revoke = useRevokeDoorAccess(adminToasts({ success: t.revoked, failure: t.revokeFailed, onSuccess: () => setRevoking(null) }));
  const active = (accesses ?? []).filter((access) => access.active);
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{t.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="gala-muted">{t.description}</p>
        {accesses && active.length === 0 && <p>{t.none}</p>}
        <ul className="gala-access-list">
          {active.map((access) => (
            <li key={access.id} className="gala-access">
              <div>
                <strong>{access.name}</strong> <span className="gala-muted">({access.username})</span>
                <div>{t.active(lastMinute(access.accessUntil))}</div>
              </div>
              <Button variant="outline" onClick={() => setRevoking(access)}>
                {t.revoke}
              </Button>
            </li>
          ))}
        </ul>
        <Button onClick={() => setGranting(true)}>{t.grant}</Button>
      </CardContent>
      <GrantDialog
        open={granting}
        onClose={() => setGranting(false)}
        onCreated={(access) => {
          setGranting(false);
          setCreated(access);
        }}
      />
      <CreatedDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={revoking ? t.revokeTitle(revoking.name) : ''}
        description={t.revokeDescription}
        confirmLabel={t.revoke}
        pending={revoke.isPending}
        onConfirm={() => revoking && void revoke.run(revoking.id)}
      />
    </Card>
  );
}
