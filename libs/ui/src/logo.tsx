/** The class emblem: a mortarboard on the portal's navy. */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#16324f" />
      <path d="M32 14 6 26l26 12 26-12z" fill="#e2c274" />
      <path d="M17 32v10c0 4 7 8 15 8s15-4 15-8V32l-15 7z" fill="#fff" />
      <path d="M54 27v13" stroke="#e2c274" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
