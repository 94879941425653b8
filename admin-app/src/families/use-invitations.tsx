import { useState } from 'react';
import type { AccountLink, BulkInvitationResult, Family } from '@portal/contracts';
import { useInviteFamiliesWithoutAccount, useInviteFamily } from '@portal/api-client/accounts';
import { errorMessage } from '@portal/api-client/request';
import { ConfirmDialog } from '@portal/ui/confirm-dialog';
import { Dialog } from '@portal/ui/dialog';
import { toast } from '@portal/ui/toast';
import { LinkDialog, type SharedLink } from '../common/LinkDialog';
import { adminToasts } from '../common/admin-toasts';
import { texts } from '../texts';

const t = texts.families;

/**
 * 'Invitar' for one family (the link to copy or send by WhatsApp) and 'Invitar a las familias sin
 * cuenta' for all of them (with the list of those left out): the actions and their dialogs.
 */
export function useInvitations(withoutAccount: number) {
  const [shared, setShared] = useState<SharedLink | null>(null);
  const [askingAll, setAskingAll] = useState(false);
  const [skipped, setSkipped] = useState<BulkInvitationResult['skipped']>([]);
  const invite = useInviteFamily(
    adminToasts<Family, AccountLink>({
      success: t.inviteTitle,
      failure: t.inviteFailed,
      onSuccess: ({ link }, family) =>
        setShared({
          title: t.inviteTitle,
          description: t.inviteText(family.email),
          link,
          whatsApp: { phone: family.phone, text: t.inviteWhatsApp(family.contactName, family.graduateName, link) },
        }),
    }),
  );
  // Its own toasts: the count sent is the news, and the families left out get a list.
  const inviteAll = useInviteFamiliesWithoutAccount({
    onSuccess: (result) => {
      setAskingAll(false);
      toast({ title: t.invitedAll(result.invited) });
      setSkipped(result.skipped.filter((family) => family.reason !== t.alreadyHasAccount));
    },
    onError: (error) => toast({ title: t.inviteFailed, description: errorMessage(error), variant: 'destructive' }),
  });

  return {
    invite: (family: Family) => void invite.run(family),
    askAll: () => setAskingAll(true),
    dialogs: (
      <>
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
      </>
    ),
  };
}
