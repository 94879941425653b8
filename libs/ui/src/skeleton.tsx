import type { CSSProperties } from 'react';
import { cx } from '@portal/ui/utils';

export function Skeleton({
  className,
  width,
  height,
}: {
  className?: string;
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
}) {
  return <span className={cx('ui-skeleton', className)} style={{ width, height }} aria-hidden="true" />;
}
