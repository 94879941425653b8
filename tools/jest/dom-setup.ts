import '@testing-library/jest-dom';

// react-router reads TextEncoder when it loads; jsdom does not provide it.
import { TextDecoder, TextEncoder } from 'node:util';
if (!('TextEncoder' in globalThis)) Object.assign(globalThis, { TextEncoder, TextDecoder });
