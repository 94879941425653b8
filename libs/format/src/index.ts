// Spanish (Guatemala) formats for dates, times and quetzales: the one place every app and the
// API format what people read. In files by subject, so that a page's first download carries only
// the ones it uses (package.json: no side effects).
export * from './dates';
export { eventEnd, isEventOver, scheduleTimes } from './event-end';
export * from './ledger';
export * from './schedule';
export { hasCentavosAtMost, parseCentavos, QUETZALES_PATTERN, toCentavos, toQuetzales } from './money';
export { familyMatches, foldForSearch, searchFamilies, type SearchableFamily } from './search';
export { forNextClass, type ClassNaming } from './classes';
