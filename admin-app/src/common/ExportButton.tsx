import { Download } from 'lucide-react';
import { useMutation } from '@portal/api-client/mutation';
import { errorMessage } from '@portal/api-client/request';
import { Button } from '@portal/ui/button';
import { toast } from '@portal/ui/toast';
import { texts } from '../texts';
import { downloadFile } from '@portal/api-client/download';

/** Downloads a spreadsheet built by the server; shows progress, and a toast if it fails. */
export function ExportButton({ url, fileName, label }: { url: string; fileName: string; label: string }) {
  const download = useMutation(() => downloadFile(url, fileName), {
    onError: (error) => toast({ title: texts.exportFailed, description: errorMessage(error), variant: 'destructive' }),
  });
  return (
    <Button variant="outline" pending={download.isPending} onClick={() => void download.run(undefined)}>
      {!download.isPending && <Download size={18} aria-hidden="true" />}
      {download.isPending ? texts.exporting : label}
    </Button>
  );
}
