// Puts a whole definition into the console's code editor as a person pasting it would: everything selected, then a
// paste (Playwright's fill types through the browser's own editing, whose inline styles the console's CSP refuses).
import type { Locator } from 'playwright-core';

export async function pasteCode(editor: Locator, text: string): Promise<void> {
  await editor.focus();
  await editor.press('Control+a');
  await editor.evaluate((element, pasted) => {
    // The page's own classes (the tests' TypeScript knows no DOM).
    const page = globalThis as unknown as { DataTransfer: new () => { setData(type: string, data: string): void }; ClipboardEvent: new (type: string, init: object) => Event };
    const data = new page.DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new page.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
