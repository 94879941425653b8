import { renderWithApi } from '@portal/test-utils/render';
import { waitFor } from '@testing-library/react';
import { publicConfigKey } from '@portal/api-client/session';
import { usePageTitle } from './use-page-title';

function Titled() {
  usePageTitle();
  return null;
}

describe('the browser tab title', () => {
  it('follows the class year of the settings', async () => {
    renderWithApi(<Titled />, { data: { [publicConfigKey]: { classYear: 2027 } }, route: '/parent/pagos' });
    await waitFor(() => expect(document.title).toBe('Portal de Padres · Class of 2027'));
  });
});
