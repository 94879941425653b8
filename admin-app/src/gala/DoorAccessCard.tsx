import { useState } from 'react';
import type { DoorAccess, DoorAccessCreated } from '@portal/contracts';
import { useDoorAccesses, useGrantDoorAccess, useRevokeDoorAccess } from '@portal/api-client/accounts';
import { useGalaPlan } from '@portal/api-client/gala';
import { doorWindow, doorWindowText, whatsAppUrl } from '@portal/format';
import { Button } from '@portal/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@portal/ui/card';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { adminToasts } from '../common/admin-toasts';
import { galaTexts } from './gala-texts';

const t = galaTexts.access;

/** 'el sábado 13/06/2026 de 12:00 a 06:00': the night a door access works. */
const night = (access: DoorAccess) => doorWindowText(access.accessFrom);

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
  const galaDay = plan?.details.date ?? null;
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const grant = useGrantDoorAccess(
    adminToasts({
      success: t.created,
      failure: t.failed,
      onSuccess: (created) => {
        setName('');
        setUsername('');
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
          void grant.run({ name, username });
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
        <p className="gala-access-window" data-testid="door-access-window">
          {galaDay ? t.window(doorWindowText(doorWindow(galaDay).from)) : t.noDate}
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" pending={grant.isPending} disabled={!galaDay}>
            {t.create}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}

/** The password of a new door access, shown this once, to copy or send by WhatsApp. */
export function CreatedDialog({ created, onClose }: { created: DoorAccessCreated | null; onClose: () => void }) {
  const signInUrl = `${window.location.origin}/auth`;
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const message = created
    ? t.message(created.access.name, created.access.username, created.password, `${window.location.origin}/door`, night(created.access))
    : '';
  // No Clipboard API (plain http, an old browser) fails like a refusal: copy by hand.
  const copy = () =>
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(message))
      .then(() => setCopied('yes'))
      .catch(() => setCopied('failed'));
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
          <p className="gala-access-window">{t.window(night(created.access))}</p>
          <div className="gala-access-share">
            <Button variant="outline" onClick={() => void copy()}>
              {copied === 'yes' ? t.copied : t.copy}
            </Button>
            <a
              className="ui-button ui-button--outline ui-button--md"
              href={whatsAppUrl('', message)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t.whatsApp}
            </a>
          </div>
          {copied === 'failed' && <p role="alert">{t.copyFailed}</p>}
          <DialogFooter>
            <Button
              onClick={() => {
                setCopied(null);
                onClose();
              }}
            >
              {t.close}
            </Button>
          </DialogFooter>
        </div>
      )}
    </Dialog>
  );
}

/**
 * 'Voluntarios de la entrada' (committee only): door accounts for the gala's night (its day 12:00
 * to the next day 06:00), taken back with one tap. Every grant and revoke is in 'Historial'.
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
                <div>{t.active(night(access))}</div>
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
