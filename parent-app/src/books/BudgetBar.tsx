import type { BooksCategory } from '@portal/contracts';
import { booksTexts as t } from './books-texts';

/** Spent against budgeted as a small SVG bar (no chart library); red past the budget. */
export function BudgetBar({ category }: { category: BooksCategory }) {
  const share = category.budgeted > 0 ? Math.min(100, (category.spent / category.budgeted) * 100) : category.spent > 0 ? 100 : 0;
  const over = category.spent > category.budgeted;
  return (
    <svg
      className="books-bar"
      viewBox="0 0 100 8"
      preserveAspectRatio="none"
      role="img"
      aria-label={t.bar(category.category, category.spent, category.budgeted)}
      data-percent={Math.round(share)}
    >
      <rect className="books-bar__track" x="0" y="0" width="100" height="8" rx="4" />
      <rect className={over ? 'books-bar__fill books-bar__fill--over' : 'books-bar__fill'} x="0" y="0" width={share} height="8" rx="4" />
    </svg>
  );
}
