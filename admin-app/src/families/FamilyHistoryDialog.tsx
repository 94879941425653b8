import type { Family } from '@portal/contracts';
import { Button } from '@portal/ui/button';
import { Dialog, DialogFooter } from '@portal/ui/dialog';
import { HistoryTable } from '../common/HistoryTable';
import { historyTexts as t } from '../common/history-texts';

/** The family's own history (GET /api/families/:id/history), from its row in 'Gestión de Familias'. */
export default function FamilyHistoryDialog({ family, onClose }: { family: Family; onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t.familyTitle(family.graduateName)}
      description={family.contactName}
      size="wide"
    >
      <div className="admin-history-dialog">
        <HistoryTable ofFamily={family.id} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t.close}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
