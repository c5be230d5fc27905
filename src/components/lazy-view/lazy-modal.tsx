import type { ComponentType } from 'react';
import { Modal } from '../modal/modal';
import { lazyView } from './lazy-view';

/** The stand-in's title: never the real modal's, so nothing takes one for the other. */
export const LAZY_MODAL_TITLE = 'Loading…';

/**
 * A modal whose code is a separate chunk (lazyView): until it has arrived, or when it cannot be
 * loaded, the spinner (`label`) or the error with Retry is shown in a small modal of its own,
 * where the user looks after the click, with the page behind it locked as for any modal; closing
 * it gives up.
 */
export function lazyModal<P extends { onClose: () => void }>(
  load: () => Promise<{ default: ComponentType<P> }>,
  options: { label: string },
) {
  return lazyView(load, {
    label: options.label,
    frame: (content, props) => (
      <Modal open title={LAZY_MODAL_TITLE} onClose={props.onClose} size="small">
        {content}
      </Modal>
    ),
  });
}
