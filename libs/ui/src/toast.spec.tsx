import { act, render, screen } from '@testing-library/react';
import { Toaster, toast } from './toast';

// The toast's view is its own chunk (toast.tsx): its first draw waits for that import, which on a
// busy machine takes longer than the one second findBy waits by default.
const FIRST_DRAW = { timeout: 10_000 };

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the last', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Primero' });
      toast({ title: 'Segundo', description: 'Detalle' });
    });
    expect(await screen.findByText('Segundo', {}, FIRST_DRAW)).toBeInTheDocument();
    expect(screen.getByText('Detalle')).toBeInTheDocument();
    expect(screen.queryByText('Primero')).not.toBeInTheDocument();
  });

  it('labels its region "Notification" and reaches it with F8', async () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Hola' });
    });
    expect(await screen.findByRole('region', { name: /Notification.*F8/ }, FIRST_DRAW)).toBeInTheDocument();
  });

  it('closes a toast after 5 seconds', async () => {
    jest.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Se va' });
    });
    expect(await screen.findByText('Se va')).toBeInTheDocument();
    // The spec's 5,000 ms: still there at 4.5 s, gone by 5.5 s.
    act(() => {
      jest.advanceTimersByTime(4500);
    });
    expect(screen.getByText('Se va')).toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Se va')).not.toBeInTheDocument();
    jest.useRealTimers();
  });
});
