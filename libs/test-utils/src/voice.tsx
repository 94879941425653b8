// Parents are addressed with 'tú' across their portal (issue 44): the texts checks of parent-app
// and shell read every source file's text (comments left out) for the 'usted' forms below.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** 'usted', the possessives and imperatives that address the reader as 'usted', and its verbs. */
export const USTED_FORMS: readonly RegExp[] = [
  /\busted(es)?\b/i,
  /\bsus? (teléfono|correo|contraseña|cuenta|pase|mesas?|invitados|solicitud|familia|hijo|hija)\b/i,
  /\b(Ingrese|Presente|Escriba|Muestre|Ábralo|Vuelva|Intente|Revise|Seleccione|Espere|Contacte|Escanee|Verifique|Elija|Pulse|Toque|Confirme|Busque|Haga clic)\b/,
  /\b(no )?tenga conexión\b/,
];

const stripComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [file] : [];
  });
}

/** Each 'usted' form found in the source files under `dirs`, as `file:line: text`. */
export function ustedForms(dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    sourceFiles(dir).flatMap((file) =>
      stripComments(readFileSync(file, 'utf8'))
        .split('\n')
        .flatMap((line, index) =>
          USTED_FORMS.some((form) => form.test(line)) ? [`${path.relative(process.cwd(), file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    ),
  );
}
