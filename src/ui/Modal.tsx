/**
 * A modal dialog on @floating-ui/react: focus moves inside and stays there (Tab cycles), Escape or a click on
 * the backdrop closes it, focus returns to what opened it.
 *
 *   <Modal open={open} onClose={() => setOpen(false)} title="New warehouse" footer={<button>Save</button>}>
 *     …fields…
 *   </Modal>
 *
 * `initialFocus` picks what gets focus first (default: the first focusable element inside).
 *
 * A submit inside the dialog stays inside it: React bubbles events through the portal to the component tree
 * behind, so a dialog opened from a form (New supplier… on the purchase form) would otherwise submit that
 * form too, with its state from before the dialog's answer (the 'select the supplier' message came back).
 */
import type { ReactNode, RefObject } from 'react';
import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useId,
  useInteractions,
  useRole,
} from '@floating-ui/react';

export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** 'alertdialog' for confirmations. */
  role?: 'dialog' | 'alertdialog';
  initialFocus?: number | RefObject<HTMLElement | null>;
  className?: string;
  testId?: string;
};

export function Modal({ open, onClose, title, children, footer, role = 'dialog', initialFocus, className, testId }: ModalProps) {
  const { refs, context } = useFloating({ open, onOpenChange: (next) => !next && onClose() });
  const dismiss = useDismiss(context, { outsidePressEvent: 'mousedown' });
  const roleProps = useRole(context, { role });
  const { getFloatingProps } = useInteractions([dismiss, roleProps]);
  const titleId = useId();
  if (!open) return null;
  return (
    <FloatingPortal>
      <FloatingOverlay className="modal-backdrop" lockScroll>
        <FloatingFocusManager context={context} modal initialFocus={initialFocus}>
          <div
            ref={refs.setFloating}
            className={`modal ${className ?? ''}`}
            aria-labelledby={titleId}
            data-testid={testId}
            {...getFloatingProps()}
            onSubmit={(e) => e.stopPropagation()}
          >
            <h2 className="modal-title" id={titleId}>
              {title}
            </h2>
            <div className="modal-body">{children}</div>
            {footer && <div className="modal-footer">{footer}</div>}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
