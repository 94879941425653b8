// Families' questions about the committee's money out, and the committee's answers (docs/books.md).

export interface ExpenseQuestion {
  id: number;
  expenseId: number;
  question: string;
  askedAt: string;
  /** Only on the family's own questions (and always for the committee). */
  mine?: boolean;
  /** The committee's view only: who asked. */
  familyName?: string;
  answer: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
}

/** GET /api/my-books/answers: answers to this family's questions since it last opened the page. */
export interface BooksAnswersSeen {
  unseenAnswers: number;
}

export interface ExpenseQuestionInput {
  expenseId: number;
  question: string;
}

export interface ExpenseAnswerInput {
  answer: string;
}
