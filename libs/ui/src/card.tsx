import type { HTMLAttributes } from 'react';
import { cx } from '@portal/ui/utils';

type DivProps = HTMLAttributes<HTMLDivElement>;

export function Card({ className, ...props }: DivProps) {
  return <div className={cx('ui-card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: DivProps) {
  return <div className={cx('ui-card__header', className)} {...props} />;
}

/** A card's heading: an h3 unless the page's outline needs another level (`level`). */
export function CardTitle({ className, level = 3, ...props }: HTMLAttributes<HTMLHeadingElement> & { level?: 2 | 3 | 4 }) {
  const Heading = `h${level}` as const;
  return <Heading className={cx('ui-card__title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cx('ui-card__description', className)} {...props} />;
}

export function CardContent({ className, ...props }: DivProps) {
  return <div className={cx('ui-card__content', className)} {...props} />;
}
