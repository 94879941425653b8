// Closing the class through the screens, the steps tests/class-closing.e2e.ts checks one by one:
// one admin waives what is left and proposes the closing, a second admin approves it.
import type { Page } from 'playwright-core';

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first().waitFor();

/** Both pages signed in as two different admins of the class. */
export async function closeClass(proposer: Page, approver: Page, url: string): Promise<void> {
  await proposer.goto(`${url}/admin/cierre`);
  const open = proposer.locator('[data-testid^="closing-check-"]').filter({ has: proposer.getByLabel('Razón para omitirlo') });
  await open.first().waitFor();
  const count = await open.count();
  for (let index = 0; index < count; index += 1)
    await open.nth(index).getByLabel('Razón para omitirlo').fill('Lo revisó la asamblea: queda constancia en el acta.');
  const form = proposer.locator('form').filter({ has: proposer.getByRole('button', { name: 'Proponer el cierre' }) });
  await form.getByLabel('Acta que aprobó el cierre').fill('Acta 14-2026, asamblea del 25 de noviembre');
  await form.getByRole('button', { name: 'Proponer el cierre' }).click();
  await toast(proposer, 'Cierre propuesto');

  await approver.goto(`${url}/admin/cierre`);
  await approver.getByTestId('closing-pending').getByRole('button', { name: 'Aprobar y cerrar la promoción' }).click();
  await approver.getByRole('alertdialog').getByRole('button', { name: 'Aprobar y cerrar la promoción' }).click();
  await toast(approver, 'Promoción cerrada');
  await approver.getByTestId('closing-report').getByText('Informe final').waitFor();
}
