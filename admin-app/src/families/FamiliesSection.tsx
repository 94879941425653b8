import { useDeferredValue, useMemo, useState } from 'react';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import type { Family, FamilyInput } from '@portal/contracts';
import { createFamily, deleteFamily, familiesKey, updateFamily, useFamilies } from '@portal/api-client/families';
import { statsKey } from '@portal/api-client/stats';
import { Badge } from '@portal/ui/badge';
import { Button } from '@portal/ui/button';
import { Card } from '@portal/ui/card';
import { Input } from '@portal/ui/input';
import { TooltipProvider } from '@portal/ui/tooltip';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@portal/ui/table';
import { ConfirmDelete } from '../common/ConfirmDelete';
import { IconButton } from '../common/IconButton';
import { QueryState } from '../common/QueryState';
import { useAdminMutation } from '../common/use-admin-mutation';
import { texts } from '../texts';
import { FamilyDialog } from './FamilyDialog';
import { searchFamilies } from './family-search';

const t = texts.families;
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
          <Button onClick={() => setEditing({})}>
            <Plus size={18} aria-hidden="true" />
            {t.add}
          </Button>
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
                          <TableCell className="admin-actions">
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
