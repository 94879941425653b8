// The shell's pages a parent reads (landing, sign-in, 'Mi cuenta', the offline page) and the UI kit
// say 'tú', like the parents' portal (parent-app/src/voice.spec.ts).
import path from 'node:path';
import { ustedForms } from '@portal/test-utils/voice';

it('addresses parents with "tú": no "usted" form in the shell, its offline page or the UI kit', () => {
  const libs = path.join(__dirname, '../../libs');
  expect(ustedForms([__dirname, path.join(libs, 'ui/src'), path.join(libs, 'auth/src')])).toEqual([]);
});
