// The API contract shared by the server and the three front ends: types and constants only,
// no runtime dependencies. Field names are the original app's (`fecha`, `titulo`, `ya_pague`).
// Every amount in this contract is in quetzales with at most two decimals (100.5 is Q100.50): the
// API keeps them as integer centavos and refuses a third decimal (docs/payments.md 'Amounts').
// One file per domain; this one only gathers them.

export * from './auth';
export * from './admin-invitations';
export * from './email';
export * from './families';
export * from './receipts';
export * from './events';
export * from './notices';
export * from './payments';
export * from './reports';
export * from './settings';
export * from './history';
export * from './errors';
export * from './gala';
export * from './bank';
export * from './books';
export * from './book-controls';
export * from './book-questions';
export * from './money-accounts';
export * from './classes';
export * from './family-import';
