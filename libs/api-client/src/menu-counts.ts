// The counts on the parents' menu, read on every page: a file of their own, so the first screen
// does not bring the notices' and the books' calls (their sections' chunks do).
import useSWR from 'swr';
import type { BooksAnswersSeen, NoticesSeen } from '@portal/contracts';
import { getJson } from '@portal/api-client/request';
import { QUERY_OPTIONS } from '@portal/api-client/swr';

/** A parent's notices posted since they last opened 'Notificaciones' (the count on 'Avisos'). */
export const noticesSeenKey = '/api/my-notices-seen';
export function useNoticesSeen() {
  return useSWR(noticesSeenKey, getJson<NoticesSeen>, QUERY_OPTIONS);
}

/** Answers to the family's questions not seen yet on 'Cuentas'. */
export const myBooksAnswersKey = '/api/my-books/answers';
export function useMyBooksAnswers() {
  return useSWR(myBooksAnswersKey, getJson<BooksAnswersSeen>, QUERY_OPTIONS);
}
