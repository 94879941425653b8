import { useRef, useState, type ChangeEvent } from 'react';
import { FileUp, MailPlus } from 'lucide-react';
import type { FamilyImportPreview, FamilyImportRefusal, FamilyImportRow } from '@portal/contracts';
import { useInviteFamiliesWithoutAccount } from '@portal/api-client/accounts';
import { previewFamilyImport, useImportFamilies } from '@portal/api-client/families';
import { useMutation } from '@portal/api-client/mutation';
import { errorMessage, isApiError } from '@portal/api-client/request';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { toast } from '@portal/ui/toast';
import { DataTable, type Column } from '../common/DataTable';
import { texts } from '../texts';
import { SCHOOL_LIST_ACCEPT, importTexts as t } from './import-texts';

/** The list as it reads now, sent with the 409 of an import whose list changed since its preview. */
function previewOf(error: unknown): FamilyImportPreview | null {
  if (!isApiError(error) || error.status !== 409) return null;
  try {
    const { details } = JSON.parse(error.body) as { details?: { preview?: FamilyImportPreview } };
    return details?.preview && Array.isArray(details.preview.rows) ? details.preview : null;
  } catch {
    return null;
  }
}

/** The cell's other addresses that do not become the second contact. */
const notKept = (row: FamilyImportRow) => row.otherEmails.filter((email) => email.toLowerCase() !== row.secondEmail);

const accepted: Array<Column<FamilyImportRow>> = [
  { header: t.columns.line, cell: (row) => row.line, className: 'admin-nowrap' },
  { header: t.columns.graduate, cell: (row) => <span className="admin-strong">{row.graduateName}</span> },
  { header: t.columns.contact, cell: (row) => row.contactName },
  {
    header: t.columns.email,
    cell: (row) => (
      <div>
        <span className="admin-break">{row.email}</span>
        {row.secondEmail && <div className="admin-muted admin-break">{t.secondEmail(row.secondEmail)}</div>}
        {notKept(row).length > 0 && <div className="admin-muted admin-break">{t.notKept(notKept(row))}</div>}
      </div>
    ),
  },
  {
    header: t.columns.phone,
    cell: (row) => (row.phone ? row.phone : <span className="admin-muted">{t.noPhone}</span>),
    className: 'admin-nowrap',
  },
];

const refused: Array<Column<FamilyImportRefusal>> = [
  { header: t.columns.line, cell: (row) => row.line, className: 'admin-nowrap' },
  {
    header: t.columns.graduate,
    cell: (row) => (
      <div>
        <div className="admin-strong">{row.graduateName || '—'}</div>
        <div className="admin-muted admin-break">{row.email}</div>
      </div>
    ),
  },
  { header: t.columns.reason, cell: (row) => <span className="admin-import__reason">{row.reasons.join(' ')}</span> },
];

/**
 * 'Importar lista del colegio': choose the school's file, check its rows (the refused ones with
 * their reason), import the good ones in one go, then invite every family without an account.
 */
export function ImportList() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<FamilyImportPreview | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const close = () => {
    setFile(null);
    setPreview(null);
    setImported(null);
  };

  const read = useMutation((chosen: File) => previewFamilyImport(chosen, chosen.name), {
    onSuccess: (result) => setPreview(result),
    onError: (error) => {
      setFile(null);
      toast({ title: t.readFailed, description: errorMessage(error), variant: 'destructive' });
    },
  });
  const save = useImportFamilies({
    onSuccess: (result) => setImported(result.created),
    onError: (error) => {
      // The list changed since it was read: its rows as they read now replace the preview.
      const fresh = previewOf(error);
      if (fresh) setPreview(fresh);
      toast({ title: t.importFailed, description: errorMessage(error), variant: 'destructive' });
    },
  });
  const invite = useInviteFamiliesWithoutAccount({
    onSuccess: (result) => {
      toast({ title: texts.families.invitedAll(result.invited) });
      close();
    },
    onError: (error) => toast({ title: texts.families.inviteFailed, description: errorMessage(error), variant: 'destructive' }),
  });

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    // The same file can be chosen again once it is fixed.
    event.target.value = '';
    if (!chosen) return;
    setFile(chosen);
    setImported(null);
    void read.run(chosen);
  }

  const open = preview !== null && file !== null;
  return (
    <>
      <input ref={input} type="file" hidden aria-label={t.file} accept={SCHOOL_LIST_ACCEPT} onChange={pick} />
      <Button variant="outline" onClick={() => input.current?.click()} pending={read.isPending}>
        {!read.isPending && <FileUp size={18} aria-hidden="true" />}
        {read.isPending ? t.reading : t.button}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !next && close()}
        title={imported === null ? t.title : t.imported(imported)}
        description={preview && file && imported === null ? t.summary(file.name, preview.rows.length, preview.refused.length) : undefined}
        size="wide"
      >
        {preview && file && imported === null && (
          <>
            {preview.refused.length > 0 && (
              <section className="admin-import__refused" aria-labelledby="import-refused">
                <h3 id="import-refused" className="admin-import__heading">
                  {t.refusedTitle(preview.refused.length)}
                </h3>
                <p className="admin-muted">{t.refusedHint}</p>
                <DataTable rows={preview.refused} columns={refused} rowKey={(row) => row.line} />
              </section>
            )}
            <section aria-labelledby="import-accepted">
              <h3 id="import-accepted" className="admin-import__heading">
                {t.acceptedTitle}
              </h3>
              {preview.rows.length === 0 ? (
                <p className="ui-empty">{t.noneAccepted}</p>
              ) : (
                <DataTable rows={preview.rows} columns={accepted} rowKey={(row) => row.line} />
              )}
            </section>
            <DialogFooter>
              <Button variant="outline" onClick={close}>
                {t.cancel}
              </Button>
              <Button
                disabled={preview.rows.length === 0}
                pending={save.isPending}
                onClick={() => void save.run({ file, fileName: file.name, checksum: preview.checksum })}
              >
                {save.isPending ? t.importing : t.import(preview.rows.length)}
              </Button>
            </DialogFooter>
          </>
        )}
        {imported !== null && (
          <>
            <p>{t.inviteText}</p>
            <DialogFooter>
              <Button variant="outline" onClick={close}>
                {t.close}
              </Button>
              <Button pending={invite.isPending} onClick={() => void invite.run(undefined)}>
                {!invite.isPending && <MailPlus size={18} aria-hidden="true" />}
                {invite.isPending ? t.inviting : t.inviteAll}
              </Button>
            </DialogFooter>
          </>
        )}
      </Dialog>
    </>
  );
}
