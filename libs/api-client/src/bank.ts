// Bank reconciliation: the committee's statement preview (a file, nothing written) and the
// confirmation of the lines it decided on.
import type { BankColumnMapping, BankConfirmResult, BankLineDecision, BankPreview } from '@portal/contracts';
import { apiRequest } from '@portal/api-client/request';
import { mutationHook } from '@portal/api-client/mutation';
import { statsKey } from '@portal/api-client/stats';

export interface StatementChoice {
  mapping: BankColumnMapping;
  headerLine: number;
}

/** Reads the statement on the server: the lines, their matches and the rows it could not read. */
export function previewBankStatement(file: Blob, fileName: string, choice?: StatementChoice, accountId?: number): Promise<BankPreview> {
  const form = new FormData();
  // The class's bank account the statement is of (the main one when left out).
  if (accountId !== undefined) form.append('accountId', String(accountId));
  if (choice) {
    form.append('mapping', JSON.stringify(choice.mapping));
    form.append('headerLine', String(choice.headerLine));
  }
  form.append('file', file, fileName);
  return apiRequest<BankPreview>('POST', '/api/bank-statements/preview', form);
}

export const confirmBankLines = (input: { lines: BankLineDecision[]; layout?: { headers: string[]; mapping: BankColumnMapping } }) =>
  apiRequest<BankConfirmResult>('POST', '/api/bank-statements/confirm', input);

// Applied money changes every statement, the dashboard and the receipts it verified.
export const useConfirmBankLines = /* @__PURE__ */ mutationHook(confirmBankLines, {
  refresh: [statsKey, '/api/families/*', '/api/payment-proofs*', '/api/books*'],
});

/** A discarded line, or one matched to a movement recorded by hand, back to deciding (`imported.lineId`). */
export const reopenBankLine = (lineId: number) => apiRequest<void>('POST', `/api/bank-statements/lines/${lineId}/reopen`, {});

export const useReopenBankLine = /* @__PURE__ */ mutationHook(reopenBankLine, { refresh: ['/api/books*'] });
