import { useState } from 'react';
import { Ban, CircleCheck, KeyRound, Trash2, Unlink } from 'lucide-react';
import type { Account, AccountLink } from '@portal/contracts';
import {
  useAccounts,
  useDeleteAccount,
  useDisableAccount,
  useEnableAccount,
  useResetLink,
  useUnlinkAccount,
} from '@portal/api-client/accounts';
import { useUser } from '@portal/api-client/session';
import { Badge } from '@portal/ui/badge';
import { Card } from '@portal/ui/card';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { SectionFrame } from '../common/SectionFrame';
import { DataTable, type Column } from '../common/DataTable';
import { IconButton } from '../common/IconButton';
import { LinkDialog, type SharedLink } from '../common/LinkDialog';
import { QueryState } from '../common/QueryState';
import { adminToasts } from '../common/admin-toasts';
import { texts } from '../texts';
import { AdminInvitationCard } from './AdminInvitationCard';

const t = texts.accounts;
type Action = 'unlink' | 'disable' | 'remove';

/** The committee's list of accounts, with the means to unlink, disable, enable or delete one. */
export default function AccountsSection() {
  const { data: accounts, isLoading, error } = useAccounts();
  const { user } = useUser();
  const [asking, setAsking] = useState<{ action: Action; account: Account } | null>(null);
  const done = () => setAsking(null);
  const toasts = (success: string) => adminToasts<number, void>({ success, failure: t.failed, onSuccess: done });
  const mutations = {
    unlink: useUnlinkAccount(toasts(t.unlinked)),
    disable: useDisableAccount(toasts(t.disabledToast)),
    remove: useDeleteAccount(toasts(t.deleted)),
  };
  const enable = useEnableAccount(toasts(t.enabled));
  const [shared, setShared] = useState<SharedLink | null>(null);
  const resetLink = useResetLink(
    adminToasts<Account, AccountLink>({
      success: t.resetTitle,
      failure: t.failed,
      onSuccess: ({ link }, account) => setShared({ title: t.resetTitle, description: t.resetText(account.name, account.email), link }),
    }),
  );

  const question = asking && t.confirm[asking.action];
  const describe = ({ action, account }: { action: Action; account: Account }) =>
    action === 'unlink' ? t.confirm.unlink.text(account.name, account.family?.graduateName ?? '') : t.confirm[action].text(account.name);

  const columns: Array<Column<Account>> = [
    {
      header: t.columns.person,
      cell: (account) => (
        <div>
          <div className="admin-strong">
            {account.name} {account.id === user?.id && <span className="admin-muted">{t.you}</span>}
          </div>
          <div className="admin-muted">
            {account.username} · {t.roles[account.role]}
          </div>
        </div>
      ),
    },
    {
      header: t.columns.email,
      cell: (account) =>
        account.email ? (
          <div>
            <div className="admin-break">{account.email}</div>
            <Badge variant={account.emailVerified ? 'success' : 'warning'}>{account.emailVerified ? t.verified : t.unverified}</Badge>
          </div>
        ) : (
          <span className="admin-muted">{t.noEmail}</span>
        ),
    },
    {
      header: t.columns.family,
      cell: (account) => (account.family ? account.family.graduateName : <span className="admin-muted">{t.noFamily}</span>),
    },
    {
      header: t.columns.state,
      cell: (account) => <Badge variant={account.disabled ? 'danger' : 'outline'}>{account.disabled ? t.disabled : t.active}</Badge>,
    },
  ];
  const actions = (account: Account) => {
    const yourself = account.id === user?.id;
    return (
      <>
        {!yourself && <IconButton icon={KeyRound} label={t.resetLink(account.name)} onClick={() => void resetLink.run(account)} />}
        {account.family && (
          <IconButton icon={Unlink} label={t.unlink(account.name)} onClick={() => setAsking({ action: 'unlink', account })} />
        )}
        {!yourself &&
          (account.disabled ? (
            <IconButton icon={CircleCheck} label={t.enable(account.name)} onClick={() => void enable.run(account.id)} />
          ) : (
            <IconButton icon={Ban} label={t.disable(account.name)} onClick={() => setAsking({ action: 'disable', account })} />
          ))}
        {!yourself && (
          <IconButton icon={Trash2} label={t.remove(account.name)} onClick={() => setAsking({ action: 'remove', account })} danger />
        )}
      </>
    );
  };

  return (
    <SectionFrame>
      <AdminInvitationCard />
      <Card>
        <QueryState isLoading={isLoading} error={error}>
          {accounts && accounts.length === 0 ? (
            <p className="ui-empty">{t.empty}</p>
          ) : (
            <>
              <p className="admin-count">{t.count(accounts?.length ?? 0)}</p>
              <DataTable rows={accounts ?? []} columns={columns} rowKey={(account) => account.id} actions={actions} />
            </>
          )}
        </QueryState>
      </Card>
      <LinkDialog shared={shared} onClose={() => setShared(null)} />
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && done()}
        title={question?.title ?? ''}
        description={asking ? describe(asking) : ''}
        confirmLabel={question?.action ?? ''}
        pending={asking ? mutations[asking.action].isPending : false}
        onConfirm={() => asking && void mutations[asking.action].run(asking.account.id)}
      />
    </SectionFrame>
  );
}
