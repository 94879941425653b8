import { screen } from '@testing-library/react';
import useSWR from 'swr';
import { useLocation } from 'react-router-dom';
import { renderHookWithApi, renderWithApi } from './render';

function Settings() {
  const { data } = useSWR<{ classYear: number }>('/api/settings', () => Promise.resolve({ classYear: 2030 }), {
    revalidateOnMount: false,
  });
  const location = useLocation();
  return (
    <p>
      {data?.classYear ?? 'sin datos'} en {location.pathname}
    </p>
  );
}

describe('renderWithApi', () => {
  it('serves the answers given, at the route given', () => {
    renderWithApi(<Settings />, { data: { '/api/settings': { classYear: 2027 } }, route: '/parent/pagos' });
    expect(screen.getByText('2027 en /parent/pagos')).toBeInTheDocument();
  });

  it('starts every test with an empty cache', () => {
    renderWithApi(<Settings />);
    expect(screen.getByText('sin datos en /')).toBeInTheDocument();
  });

  it('wraps hooks the same way', () => {
    const { result } = renderHookWithApi(() => useLocation().pathname, { route: '/admin' });
    expect(result.current).toBe('/admin');
  });
});
