import { lazy, Suspense, useDeferredValue, useMemo, useState } from 'react';
import { History, Mail, MailPlus, Pencil, Plus, Receipt, Search, Trash2 } from 'lucide-react';
import type { Family, FamilyInput } from '@portal/contracts';
import { useAccounts } from '@portal/api-client/accounts';
import { useCreateFamily, useDeleteFamily, useFamilies, useUpdateFamily } from '@portal/api-client/families';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { formatQuetzales, searchFamilies } from '@portal/format';
import { SectionFrame } from '../common/SectionFrame';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { DataTable, type Column } from '../common/DataTable';
import { IconButton } from '../common/IconButton';
import { QueryState } from '../common/QueryState';
import { adminToasts } from '../common/admin-toasts';
import { useCrudSection } from '../common/use-crud-section';
import { texts } from '../texts';
import { FamilyDialog } from './FamilyDialog';
import { FAMILY_SORTS, sortFamilies, type FamilySort } from './family-sort';
import { ImportList } from './ImportList';
import { useInvitations } from './use-invitations';
import { StatementDialog } from './StatementDialog';

const t = texts.families;
/** Loaded when first opened: most visits to the section never open a family's history. */
const FamilyHistoryDialog = lazy(() => import('./FamilyHistoryDialog'));

export default function FamiliesSection() {
  const { data: families, isLoading, error } = useFamilies();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const crud = useCrudSection<Family>();
  const [statementOf, setStatementOf] = useState<Family | null>(null);
  const [history, setHistory] = useState<Family | null>(null);
  const [sort, setSort] = useState<FamilySort>('registered');
  const shown = useMemo(() => sortFamilies(searchFamilies(families ?? [], deferredQuery), sort), [families, deferredQuery, sort]);
  const create = useCreateFamily(adminToasts({ success: t.created, failure: t.createFailed, onSuccess: crud.closeDialog }));
  const update = useUpdateFamily(adminToasts({ success: t.updated, failure: t.updateFailed, onSuccess: crud.closeDialog }));
  const remove = useDeleteFamily(adminToasts({ success: t.deleted, failure: t.deleteFailed, onSuccess: crud.closeDelete }));

  // Which families have an account that proved their e-mail: from the committee's account list.
  const { data: accounts } = useAccounts();
  const withAccount = useMemo(() => new Set(accounts?.flatMap((account) => (account.family ? [account.family.id] : []))), [accounts]);
  const withoutAccount = (families ?? []).filter((family) => !withAccount.has(family.id)).length;
  const invitations = useInvitations(withoutAccount);
  const editing = crud.editing;
  const save = (input: FamilyInput) => (editing?.item ? update.run({ ...input, id: editing.item.id }) : create.run(input));
  const columns: Array<Column<Family>> = [
    {
      header: t.columns.contact,
      cell: (family) => (
        <div>
          <div className="admin-strong">{family.contactName}</div>
          <div className="admin-muted">{family.email}</div>
          <div className="admin-muted">{family.phone}</div>
        </div>
      ),
    },
    { header: t.columns.graduate, cell: (family) => family.graduateName },
    {
      header: t.columns.payment,
      cell: (family) => <Badge variant={family.hasPaid ? 'success' : 'warning'}>{family.hasPaid ? t.paid : t.pending}</Badge>,
    },
    { header: t.columns.owedNow, cell: (family) => formatQuetzales(family.owedNow) },
    { header: t.columns.credit, cell: (family) => formatQuetzales(family.credit) },
    { header: t.columns.tables, cell: (family) => family.tablesBooked },
    {
      header: t.account,
      cell: (family) => (
        <Badge variant={withAccount.has(family.id) ? 'success' : 'outline'}>
          {withAccount.has(family.id) ? t.hasAccount : t.noAccount}
        </Badge>
      ),
    },
  ];

  return (
    <SectionFrame
      toolbar={
        <>
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
          <label className="admin-sort">
            {t.sortBy}
            <select className="ui-input" value={sort} onChange={(event) => setSort(event.target.value as FamilySort)}>
              {FAMILY_SORTS.map((option) => (
                <option key={option} value={option}>
                  {t.sorts[option]}
                </option>
              ))}
            </select>
          </label>
          <div className="admin-toolbar__actions">
            <ImportList />
            <Button variant="outline" onClick={invitations.askAll} disabled={withoutAccount === 0}>
              <MailPlus size={18} aria-hidden="true" />
              {t.inviteAll}
            </Button>
            <Button onClick={crud.add}>
              <Plus size={18} aria-hidden="true" />
              {t.add}
            </Button>
          </div>
        </>
      }
    >
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
                <DataTable
                  rows={shown}
                  columns={columns}
                  rowKey={(family) => family.id}
                  actions={(family) => (
                    <>
                      {!withAccount.has(family.id) && (
                        <IconButton icon={Mail} label={t.invite(family.graduateName)} onClick={() => invitations.invite(family)} />
                      )}
                      <IconButton icon={History} label={t.historyLabel(family.graduateName)} onClick={() => setHistory(family)} />
                      <IconButton icon={Receipt} label={t.statementLabel(family.graduateName)} onClick={() => setStatementOf(family)} />
                      <IconButton icon={Pencil} label={t.editLabel(family.graduateName)} onClick={() => crud.edit(family)} />
                      <IconButton icon={Trash2} label={t.deleteLabel(family.graduateName)} onClick={() => crud.askDelete(family)} danger />
                    </>
                  )}
                />
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
          onOpenChange={(open) => !open && crud.closeDialog()}
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
      {invitations.dialogs}
      <ConfirmDelete
        item={crud.deleting}
        title={t.confirmTitle}
        describe={(family) => t.confirmText(family.graduateName)}
        remove={remove}
        onClose={crud.closeDelete}
      />
    </SectionFrame>
  );
}
