/** The barcode-miss dialog (document 001 section 8): 'Not found!' with Create item and Try again!. */
import { useRef } from 'react';
import { navigate } from '../router';
import { Modal } from '../ui/Modal';

export const NOT_FOUND_TEXT = 'The item could not be found. Thin this is an error? try again';

export function NotFoundItem({ code, onRetry }: { code: string | null; onRetry: () => void }) {
  const retry = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={code !== null}
      onClose={onRetry}
      title="Not found!"
      role="alertdialog"
      testId="item-not-found"
      initialFocus={retry}
      footer={
        <>
          <button type="button" className="btn" onClick={() => navigate(`/store?create=${encodeURIComponent(code ?? '')}`)}>
            Create item
          </button>
          <button type="button" className="btn btn-primary" ref={retry} onClick={onRetry}>
            Try again!
          </button>
        </>
      }
    >
      <p>{NOT_FOUND_TEXT}</p>
    </Modal>
  );
}
