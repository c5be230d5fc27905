// The plain ES module build of sweetalert2 (no injected styles) has the package's own types.
declare module 'sweetalert2/dist/sweetalert2.esm.js' {
  import type { default as SweetAlert } from 'sweetalert2';

  const Swal: typeof SweetAlert;
  export default Swal;
}
