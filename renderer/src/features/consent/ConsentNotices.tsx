import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../app/host-context.tsx';
import { noticeText } from './consent-notice.ts';
import { ServerText } from '../../components/ServerText.tsx';

/** What became of requests after they left the screen: opened pages, and questions the host closed unanswered. */
export function ConsentNotices() {
  const { notices, dismiss } = useAppStore(useShallow((state) => ({ notices: state.consentNotices, dismiss: state.dismissConsentNotice })));
  if (notices.length === 0) return null;
  return (
    <div role="status" aria-label="Consent notices">
      <ul className="consent-notices">
      {notices.map((notice) => (
        <li key={notice.id} className={`consent-notice consent-notice-${notice.type === 'url' && notice.where === 'refused' ? 'danger' : notice.type}`}>
          <span><ServerText text={noticeText(notice)} /></span>
          <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => dismiss(notice.id)}>
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
      </ul>
    </div>
  );
}
