import { useMyClasses } from '@portal/api-client/my-classes';
import { texts } from '../texts';

/**
 * Why nothing can be changed here, or null while it can: the class this browser shows is closed
 * (decisions item 24), the current one or an archive. Read from the class switch's list, which
 * the page's first data already holds.
 */
export function useClosedClassNote(): string | null {
  const { data: classes } = useMyClasses(true);
  const viewing = classes?.find((one) => one.viewing);
  return viewing?.state === 'cerrada' ? texts.classClosed(viewing.name) : null;
}
