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
