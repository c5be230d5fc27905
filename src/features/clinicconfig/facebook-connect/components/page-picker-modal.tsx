import type { FacebookPage } from '@common/contract';
import { Modal } from '@/components/modal/modal';
import { CLINIC_EXTRA_TEXT, CLINIC_TEXT } from '../../model/messages';
import { pageInitials } from '../page-display';

/** 'Select Facebook Page to Connect': each page with its avatar and name, plus Cancel. */
export function PagePickerModal({
  pages,
  selecting,
  onChoose,
  onCancel,
}: {
  pages: readonly FacebookPage[];
  selecting: boolean;
  onChoose: (page: FacebookPage) => void;
  onCancel: () => void;
}) {
  return (
    <Modal open title={CLINIC_TEXT.pickerTitle} onClose={onCancel} size="small" closeLabel={CLINIC_TEXT.cancel}>
      <p className="clinic-picker-intro">{CLINIC_EXTRA_TEXT.pickerIntro}</p>
      <ul className="plain-list clinic-page-list" aria-label={CLINIC_TEXT.pickerTitle}>
        {pages.map((page) => (
          <li key={page.id}>
            <button
              type="button"
              className="clinic-page-option"
              disabled={selecting}
              aria-label={page.name}
              onClick={() => onChoose(page)}
            >
              <PageAvatar page={page} />
              <span className="clinic-page-name">{page.name}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

function PageAvatar({ page }: { page: FacebookPage }) {
  const url = page.picture.data.url;
  if (url) return <img className="clinic-page-avatar" src={url} alt="" width={40} height={40} />;
  return (
    <span className="clinic-page-avatar clinic-page-initials" aria-hidden="true">
      {pageInitials(page.name)}
    </span>
  );
}
