import { act, render, screen } from '@testing-library/react';
import { TOAST_DURATION_MS, TOAST_LIMIT, Toaster, toast } from '@portal/ui/toast';

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the last', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Primero' });
      toast({ title: 'Segundo', description: 'Detalle' });
    });
    expect(TOAST_LIMIT).toBe(1);
    expect(screen.queryByText('Primero')).not.toBeInTheDocument();
    expect(screen.getByText('Segundo')).toBeInTheDocument();
    expect(screen.getByText('Detalle')).toBeInTheDocument();
  });

  it('labels its region "Notification" and reaches it with F8', () => {
    render(<Toaster />);
    expect(screen.getByRole('region', { name: /Notification.*F8/ })).toBeInTheDocument();
  });

  it('closes a toast after 5 seconds', () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Se va' });
    });
    expect(screen.getByText('Se va')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(TOAST_DURATION_MS + 500);
    });
    expect(screen.queryByText('Se va')).not.toBeInTheDocument();
    jest.useRealTimers();
  });
});
