/**
 * sweetalert2, loaded on first use. Not its default build: that one injects its stylesheet as an
 * inline <style>, which the Content-Security-Policy (no inline styles) blocks; this loads the
 * plain module and the stylesheet as a file instead.
 */
async function importSweetAlert() {
  const [{ default: Swal }] = await Promise.all([
    import('sweetalert2/dist/sweetalert2.esm.js'),
    import('sweetalert2/dist/sweetalert2.css'),
  ]);
  return Swal;
}

let loading: ReturnType<typeof importSweetAlert> | undefined;

/** The module, loaded once; a failed load (the server was away) is tried again next time. */
export function loadSweetAlert(): ReturnType<typeof importSweetAlert> {
  loading ??= importSweetAlert().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Loads the dialogs' code ahead of need: a failure dialog is often needed just when the server
 * has gone away, and then its code could no longer be fetched.
 */
export function preloadSweetAlert(): void {
  loadSweetAlert().catch((error: unknown) => console.warn('Ngiti: the dialogs could not be loaded yet', error));
}

interface DialogLine {
  text: string;
  className: string;
}

/**
 * A dialog's html: its text, and a second line under it when there is one (a reason, a name).
 * Both go in as text, never as HTML.
 */
export function dialogBody(main: DialogLine, second?: DialogLine): HTMLElement {
  const body = document.createElement('div');
  for (const line of second?.text ? [main, second] : [main]) {
    const paragraph = document.createElement('p');
    paragraph.className = line.className;
    paragraph.textContent = line.text;
    body.append(paragraph);
  }
  return body;
}
