import { act, render, screen } from '@testing-library/react';
import { TOAST_DURATION_MS, TOAST_LIMIT, Toaster, toast } from './toast';

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the last', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Primero' });
      toast({ title: 'Segundo', description: 'Detalle' });
    });
    expect(TOAST_LIMIT).toBe(1);
    expect(await screen.findByText('Segundo')).toBeInTheDocument();
    expect(screen.getByText('Detalle')).toBeInTheDocument();
    expect(screen.queryByText('Primero')).not.toBeInTheDocument();
  });

  it('labels its region "Notification" and reaches it with F8', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hola' });
    });
    expect(await screen.findByRole('region', { name: /Notification.*F8/ })).toBeInTheDocument();
  });

  it('closes a toast after 5 seconds', async () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Se va' });
    });
    expect(await screen.findByText('Se va')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS + 500);
    });
    expect(screen.queryByText('Se va')).not.toBeInTheDocument();
    jest.useRealTimers();
  });
});
