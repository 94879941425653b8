import { render, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { publicConfigKey } from '@portal/api-client/session';
import { usePageTitle } from './use-page-title';

// The router itself needs browser APIs jsdom lacks; the hook only reads the path.
jest.mock('react-router-dom', () => ({ useLocation: () => ({ pathname: '/parent/pagos' }) }));

function Titled() {
  usePageTitle();
  return null;
}

describe('the browser tab title', () => {
  it('follows the class year of the settings', async () => {
    render(
      <SWRConfig value={{ provider: () => new Map(), fallback: { [publicConfigKey]: { classYear: 2027 } } }}>
        <Titled />
      </SWRConfig>,
    );
    await waitFor(() => expect(document.title).toBe('Portal de Padres · Class of 2027'));
  });
});
