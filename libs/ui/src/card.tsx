import type { HTMLAttributes } from 'react';
import { cx } from '@portal/ui/utils';

type DivProps = HTMLAttributes<HTMLDivElement>;

export function Card({ className, ...props }: DivProps) {
  return <div className={cx('ui-card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: DivProps) {
  return <div className={cx('ui-card__header', className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h3 className={cx('ui-card__title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cx('ui-card__description', className)} {...props} />;
}

export function CardContent({ className, ...props }: DivProps) {
  return <div className={cx('ui-card__content', className)} {...props} />;
}
