import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { History, Mail, MailPlus, Pencil, Plus, Receipt, Search, Trash2 } from 'lucide-react';
import type { BulkInvitationResult, Family, FamilyInput } from '@portal/contracts';
import { accountsKey, inviteFamiliesWithoutAccount, inviteFamily, useAccounts } from '@portal/api-client/accounts';
import { createFamily, deleteFamily, familiesKey, updateFamily, useFamilies } from '@portal/api-client/families';
import { useMutation } from '@portal/api-client/mutation';
import { useRefresh } from '@portal/api-client/refresh';
import { errorMessage } from '@portal/api-client/request';
import { statsKey } from '@portal/api-client/stats';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { Dialog } from '@portal/ui/dialog';
import { Input } from '@portal/ui/input';
import { toast } from '@portal/ui/toast';
import { TooltipProvider } from '@portal/ui/tooltip';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { IconButton } from '../common/IconButton';
import { LinkDialog, type SharedLink } from '../common/LinkDialog';
import { QueryState } from '../common/QueryState';
import { useAdminMutation } from '../common/use-admin-mutation';
import { texts } from '../texts';
import { FamilyDialog } from './FamilyDialog';
import { StatementDialog } from './StatementDialog';
import { searchFamilies } from './family-search';

const t = texts.families;
/** Loaded when first opened: most visits to the section never open a family's history. */
const FamilyHistoryDialog = lazy(() => import('./FamilyHistoryDialog'));
/** A family change moves the dashboard numbers, and a deletion takes its RSVPs with it. */
const AFFECTED = [familiesKey, statsKey, '/api/event-rsvps/*'];

/** The dialog's row: `{}` to create one, `{ item }` to edit it, null when closed. */
type Editing = { item?: Family } | null;

export default function FamiliesSection() {
  const { data: families, isLoading, error } = useFamilies();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Family | null>(null);
  const [statementOf, setStatementOf] = useState<Family | null>(null);
  const [history, setHistory] = useState<Family | null>(null);
  const shown = useMemo(() => searchFamilies(families ?? [], deferredQuery), [families, deferredQuery]);
  const close = () => setEditing(null);

  const create = useAdminMutation(createFamily, { success: t.created, failure: t.createFailed, refresh: AFFECTED, onSuccess: close });
  const update = useAdminMutation(updateFamily, { success: t.updated, failure: t.updateFailed, refresh: AFFECTED, onSuccess: close });
  const remove = useAdminMutation(deleteFamily, {
    success: t.deleted,
    failure: t.deleteFailed,
    refresh: AFFECTED,
    onSuccess: () => setDeleting(null),
  });

  // Which families have an account that proved their e-mail: from the committee's account list.
  const { data: accounts } = useAccounts();
  const withAccount = useMemo(() => new Set(accounts?.flatMap((account) => (account.family ? [account.family.id] : []))), [accounts]);
  const withoutAccount = (families ?? []).filter((family) => !withAccount.has(family.id)).length;
  const [shared, setShared] = useState<SharedLink | null>(null);
  const [askingAll, setAskingAll] = useState(false);
  const [skipped, setSkipped] = useState<BulkInvitationResult['skipped']>([]);
  const invite = useAdminMutation((family: Family) => inviteFamily(family.id).then((result) => ({ family, ...result })), {
    success: t.inviteTitle,
    failure: t.inviteFailed,
    refresh: [],
    onSuccess: ({ family, link }) =>
      setShared({
        title: t.inviteTitle,
        description: t.inviteText(family.email),
        link,
        whatsApp: { phone: family.phone, text: t.inviteWhatsApp(family.contactName, family.graduateName, link) },
      }),
  });
  const refresh = useRefresh();
  // Its own toasts: the count sent is the news, and the families left out get a list.
  const inviteAll = useMutation(inviteFamiliesWithoutAccount, {
    onSuccess: async (result) => {
      setAskingAll(false);
      toast({ title: t.invitedAll(result.invited) });
      setSkipped(result.skipped.filter((family) => family.reason !== t.alreadyHasAccount));
      await refresh(accountsKey);
    },
    onError: (error) => toast({ title: t.inviteFailed, description: errorMessage(error), variant: 'destructive' }),
  });

  const save = (input: FamilyInput) => (editing?.item ? update.run({ ...input, id: editing.item.id }) : create.run(input));

  return (
    <TooltipProvider>
      <section className="admin-section">
        <div className="admin-toolbar">
          <div className="admin-search">
            <Search size={18} aria-hidden="true" />
            <Input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t.search}
              aria-label={t.search}
            />
          </div>
          <div className="admin-toolbar__actions">
            <Button variant="outline" onClick={() => setAskingAll(true)} disabled={withoutAccount === 0}>
              <MailPlus size={18} aria-hidden="true" />
              {t.inviteAll}
            </Button>
            <Button onClick={() => setEditing({})}>
              <Plus size={18} aria-hidden="true" />
              {t.add}
            </Button>
          </div>
        </div>
        <Card>
          <QueryState isLoading={isLoading} error={error}>
            {families && families.length === 0 ? (
              <p className="ui-empty">{t.empty}</p>
            ) : (
              <>
                <p className="admin-count" aria-live="polite">
                  {t.count(shown.length, families?.length ?? 0)}
                </p>
                {shown.length === 0 ? (
                  <p className="ui-empty">{t.noMatches}</p>
                ) : (
                  <Table stack>
                    <TableHead>
                      <TableRow>
                        <TableHeader>{t.columns.contact}</TableHeader>
                        <TableHeader>{t.columns.graduate}</TableHeader>
                        <TableHeader>{t.columns.payment}</TableHeader>
                        <TableHeader>{t.columns.tables}</TableHeader>
                        <TableHeader>{t.account}</TableHeader>
                        <TableHeader>
                          <span className="ui-visually-hidden">{texts.actions}</span>
                        </TableHeader>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {shown.map((family) => (
                        <TableRow key={family.id}>
                          <TableCell data-label={t.columns.contact}>
                            <div>
                              <div className="admin-strong">{family.contactName}</div>
                              <div className="admin-muted">{family.email}</div>
                              <div className="admin-muted">{family.phone}</div>
                            </div>
                          </TableCell>
                          <TableCell data-label={t.columns.graduate}>{family.graduateName}</TableCell>
                          <TableCell data-label={t.columns.payment}>
                            <Badge variant={family.hasPaid ? 'success' : 'warning'}>{family.hasPaid ? t.paid : t.pending}</Badge>
                          </TableCell>
                          <TableCell data-label={t.columns.tables}>{family.tablesBooked}</TableCell>
                          <TableCell data-label={t.account}>
                            <Badge variant={withAccount.has(family.id) ? 'success' : 'outline'}>
                              {withAccount.has(family.id) ? t.hasAccount : t.noAccount}
                            </Badge>
                          </TableCell>
                          <TableCell className="admin-actions">
                            {!withAccount.has(family.id) && (
                              <IconButton icon={Mail} label={t.invite(family.graduateName)} onClick={() => void invite.run(family)} />
                            )}
                            <IconButton icon={History} label={t.historyLabel(family.graduateName)} onClick={() => setHistory(family)} />
                            <IconButton
                              icon={Receipt}
                              label={t.statementLabel(family.graduateName)}
                              onClick={() => setStatementOf(family)}
                            />
                            <IconButton
                              icon={Pencil}
                              label={t.editLabel(family.graduateName)}
                              onClick={() => setEditing({ item: family })}
                            />
                            <IconButton
                              icon={Trash2}
                              label={t.deleteLabel(family.graduateName)}
                              onClick={() => setDeleting(family)}
                              danger
                            />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </>
            )}
          </QueryState>
        </Card>
        {editing && (
          <FamilyDialog
            key={editing.item?.id ?? 'new'}
            family={editing.item}
            open
            onOpenChange={(open) => !open && close()}
            onSave={save}
            saving={create.isPending || update.isPending}
          />
        )}
        {statementOf && <StatementDialog key={statementOf.id} family={statementOf} onClose={() => setStatementOf(null)} />}
        {history && (
          <Suspense fallback={null}>
            <FamilyHistoryDialog family={history} onClose={() => setHistory(null)} />
          </Suspense>
        )}
        <LinkDialog shared={shared} onClose={() => setShared(null)} />
        <ConfirmDialog
          open={askingAll}
          onOpenChange={setAskingAll}
          title={t.inviteAllTitle}
          description={t.inviteAllText(withoutAccount)}
          confirmLabel={t.inviteAllAction}
          pending={inviteAll.isPending}
          onConfirm={() => void inviteAll.run(undefined)}
        />
        <Dialog
          open={skipped.length > 0}
          onOpenChange={(open) => !open && setSkipped([])}
          title={t.skippedTitle}
          description={t.skippedText}
        >
          <ul className="admin-list">
            {skipped.map((family) => (
              <li key={family.graduateName}>
                <span className="admin-strong">{family.graduateName}</span>: {family.reason}
              </li>
            ))}
          </ul>
        </Dialog>
        <ConfirmDelete
          item={deleting}
          title={t.confirmTitle}
          describe={(family) => t.confirmText(family.graduateName)}
          remove={remove}
          onClose={() => setDeleting(null)}
        />
      </section>
    </TooltipProvider>
  );
}
