import { afterSignIn, homeFor, isInHome, signInPathFor } from './home';

describe('where signing in leads', () => {
  it('goes back to the page asked for inside the own area', () => {
    expect(afterSignIn('parent', '/parent/pagos')).toBe('/parent/pagos');
    expect(afterSignIn('parent', '/parent')).toBe('/parent');
    expect(afterSignIn('admin', '/admin/familias?q=ana')).toBe('/admin/familias?q=ana');
  });

  it('goes home for a missing page, another role, or another area', () => {
    expect(afterSignIn('parent', null)).toBe('/parent');
    expect(afterSignIn('parent', '/admin/familias')).toBe('/parent');
    expect(afterSignIn('admin', '/parent/pagos')).toBe('/admin');
    expect(afterSignIn('parent', '/parentx')).toBe('/parent');
    expect(afterSignIn('parent', '/cuenta')).toBe('/parent');
    expect(afterSignIn('parent', '/parent/../admin')).toBe('/parent');
  });

  it.each([
    '//evil.example',
    '//evil.example/parent',
    'https://evil.example',
    'https://evil.example/parent/pagos',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(1)',
    ' /parent',
    'parent/pagos',
  ])('never leaves the site for %j', (next) => {
    expect(afterSignIn('parent', next)).toBe('/parent');
  });

  it('writes the page to come back to into the sign-in address', () => {
    expect(signInPathFor('/parent/pagos?x=1&y=2')).toBe('/auth?next=%2Fparent%2Fpagos%3Fx%3D1%26y%3D2');
    expect(signInPathFor('/admin/familias')).toBe('/auth?next=%2Fadmin%2Ffamilias');
  });

  it('keeps the sign-in address plain when there is nothing to come back to', () => {
    expect(signInPathFor('/parent')).toBe('/auth');
    expect(signInPathFor('/admin')).toBe('/auth');
    expect(signInPathFor('/cuenta')).toBe('/auth');
  });
});

describe('isInHome', () => {
  it('is the role’s home or a page under it, nothing else', () => {
    expect(
      ['/parent', '/parent/pagos', '/admin/familias'].map((path) => isInHome(path.startsWith('/admin') ? 'admin' : 'parent', path)),
    ).toEqual([true, true, true]);
    expect(['/parental', '/admin', '/', '/parent-x/y'].map((path) => isInHome('parent', path))).toEqual([false, false, false, false]);
  });
});

describe('a door volunteer', () => {
  it('lands on the door, and no next page takes them anywhere else', () => {
    expect(homeFor('door')).toBe('/door');
    for (const next of ['/admin', '/admin/fechas-de-pago', '/parent', '/cuenta', '/door/../admin'])
      expect(afterSignIn('door', next)).toBe('/door');
    expect(isInHome('door', '/door')).toBe(true);
    expect(isInHome('door', '/admin')).toBe(false);
  });
});
