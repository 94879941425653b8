// The committee's books: its view (budget, expenses, approvals, what is held, answers, the closing
// report) and a family's ('Cuentas del comité': totals, spending, invoices, questions).
import useSWR from 'swr';
import type {
  AccountMovements,
  Books,
  BooksSettingsInput,
  BudgetInput,
  Expense,
  ExpenseAnswerInput,
  ExpenseInput,
  ExpenseQuestion,
  ExpenseQuestionInput,
  HoldingInput,
  MoneyAccountInput,
  MoneyAccountUpdate,
  ParentBooks,
  ReverseExpenseInput,
  TransferInput,
  ReimbursementInput,
} from '@portal/contracts';
import { apiRequest, getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { mutationHook } from '@portal/api-client/mutation';
import { myBooksAnswersKey } from '@portal/api-client/menu-counts';

export const booksKey = '/api/books';
export const myBooksKey = '/api/my-books';
export const booksReportUrl = '/api/books/report?format=xlsx';
export const invoiceUrl = (id: number, variant: 'invoice' | 'thumbnail' = 'invoice') => `/api/books/expenses/${id}/${variant}`;

export function useBooks() {
  return useSWR(booksKey, getJson<Books>, QUERY_OPTIONS);
}

export function useMyBooks() {
  return useSWR(myBooksKey, getJson<ParentBooks>, QUERY_OPTIONS);
}

/** The committee's menu and dashboard: questions waiting for an answer. */
export const openQuestionsKey = '/api/books/questions/open';
export function useOpenQuestions() {
  return useSWR(openQuestionsKey, getJson<{ count: number }>, QUERY_OPTIONS);
}

/** One account's movements, oldest first (null: nothing asked yet). */
export const accountMovementsKey = (id: number) => `/api/books/accounts/${id}/movements`;
export function useAccountMovements(id: number | null) {
  return useSWR(id === null ? null : accountMovementsKey(id), getJson<AccountMovements>, QUERY_OPTIONS);
}

/** An expense and its invoice, as a form (the file is checked by the server as a deposit slip is). */
export function recordExpense(input: ExpenseInput & { file: Blob | null; fileName?: string }): Promise<Expense> {
  const form = new FormData();
  const { file, fileName, ...fields } = input;
  for (const [name, value] of Object.entries(fields)) {
    const text = value === undefined ? '' : String(value).trim();
    if (text !== '') form.append(name, text);
  }
  if (file) form.append('file', file, fileName ?? 'factura');
  return apiRequest<Expense>('POST', '/api/books/expenses', form);
}

export const createBudget = (input: BudgetInput) => apiRequest<Books>('POST', '/api/books/budgets', input);
export const setBooksSettings = (input: BooksSettingsInput) => apiRequest<Books>('PUT', '/api/books/settings', input);
export const approveControlChange = (id: number) => apiRequest<Books>('POST', `/api/books/control-changes/${id}/approve`);
export const rejectControlChange = (id: number) => apiRequest<Books>('POST', `/api/books/control-changes/${id}/reject`);
export const approveExpense = (id: number) => apiRequest<Expense>('POST', `/api/books/expenses/${id}/approve`);
export const reverseExpense = ({ id, reason, messageToFamily }: ReverseExpenseInput & { id: number }) =>
  apiRequest<Expense>('POST', `/api/books/expenses/${id}/reverse`, { reason, ...(messageToFamily ? { messageToFamily } : {}) });
export const recordHolding = (input: HoldingInput) => apiRequest<Books>('POST', '/api/books/holdings', input);
export const createMoneyAccount = (input: MoneyAccountInput) => apiRequest<Books>('POST', '/api/books/accounts', input);
export const updateMoneyAccount = ({ id, ...input }: MoneyAccountUpdate & { id: number }) =>
  apiRequest<Books>('PUT', `/api/books/accounts/${id}`, input);
export const recordTransfer = (input: TransferInput) => apiRequest<Books>('POST', '/api/books/transfers', input);
export const recordReimbursement = (input: ReimbursementInput) => apiRequest<Books>('POST', '/api/books/reimbursements', input);
export const answerQuestion = ({ id, answer }: ExpenseAnswerInput & { id: number }) =>
  apiRequest<Books>('POST', `/api/books/questions/${id}/answer`, { answer });
export const askAboutExpense = (input: ExpenseQuestionInput) => apiRequest<ExpenseQuestion>('POST', '/api/my-books/questions', input);
export const markBooksSeen = () => apiRequest<{ lastSeenAt: string }>('PUT', '/api/my-books/seen');

// Every committee change answers or changes the whole view: written at once, or asked again.
const setBooks = { set: (books: Books) => [[booksKey, books] as const] };
const refreshBooks = { refresh: [booksKey] };
export const useCreateBudget = /* @__PURE__ */ mutationHook(createBudget, setBooks);
export const useSetBooksSettings = /* @__PURE__ */ mutationHook(setBooksSettings, setBooks);
export const useRecordHolding = /* @__PURE__ */ mutationHook(recordHolding, setBooks);
export const useCreateMoneyAccount = /* @__PURE__ */ mutationHook(createMoneyAccount, setBooks);
export const useUpdateMoneyAccount = /* @__PURE__ */ mutationHook(updateMoneyAccount, setBooks);
// A transfer moves two accounts: their lists are asked again.
export const useRecordTransfer = /* @__PURE__ */ mutationHook(recordTransfer, {
  ...setBooks,
  refresh: (books: Books) => books.accounts.map((account) => accountMovementsKey(account.id)),
});
// A reimbursement lowers the account it left: the lists are asked again.
export const useRecordReimbursement = /* @__PURE__ */ mutationHook(recordReimbursement, {
  ...setBooks,
  refresh: (books: Books) => books.accounts.map((account) => accountMovementsKey(account.id)),
});
export const useApproveControlChange = /* @__PURE__ */ mutationHook(approveControlChange, setBooks);
export const useRejectControlChange = /* @__PURE__ */ mutationHook(rejectControlChange, setBooks);
export const useAnswerQuestion = /* @__PURE__ */ mutationHook(answerQuestion, { ...setBooks, refresh: [openQuestionsKey] });
export const useRecordExpense = /* @__PURE__ */ mutationHook(recordExpense, refreshBooks);
export const useApproveExpense = /* @__PURE__ */ mutationHook(approveExpense, refreshBooks);
export const useReverseExpense = /* @__PURE__ */ mutationHook(reverseExpense, refreshBooks);
export const useAskAboutExpense = /* @__PURE__ */ mutationHook(askAboutExpense, { refresh: [myBooksKey] });
export const useMarkBooksSeen = /* @__PURE__ */ mutationHook(markBooksSeen, {
  set: () => [[myBooksAnswersKey, { unseenAnswers: 0 }] as const],
});
