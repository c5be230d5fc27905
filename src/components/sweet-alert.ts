/**
 * sweetalert2, loaded on first use. Not its default build: that one injects its stylesheet as an
 * inline <style>, which the Content-Security-Policy (no inline styles) blocks; this loads the
 * plain module and the stylesheet as a file instead.
 */
export async function loadSweetAlert() {
  const [{ default: Swal }] = await Promise.all([
    import('sweetalert2/dist/sweetalert2.esm.js'),
    import('sweetalert2/dist/sweetalert2.css'),
  ]);
  return Swal;
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
