import { renderWithApi } from '@portal/test-utils/render';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { QUERY_OPTIONS } from '@portal/api-client/swr';
import { QueryState } from './QueryState';

function Families({ load }: { load: () => Promise<string> }) {
  const { data, error, isLoading } = useSWR('/api/families', load, QUERY_OPTIONS);
  return (
    <QueryState isLoading={isLoading} error={error}>
      <p>{data}</p>
    </QueryState>
  );
}

describe('a failed page load', () => {
  it("offers 'Reintentar', which loads the data again", async () => {
    const user = userEvent.setup();
    const load = jest.fn().mockRejectedValueOnce(new Error('503: Servicio no disponible')).mockResolvedValueOnce('6 familias');
    renderWithApi(<Families load={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los datos.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('6 familias')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
