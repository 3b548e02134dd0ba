/**
 * Opens the customer display in a window of its own (drag it to the second monitor, F11 for full screen). One
 * window: pressing again brings the same one back.
 */
export function OpenDisplayButton() {
  return (
    <button
      type="button"
      className="btn btn-small quick-display-button"
      data-testid="open-display"
      onClick={() => window.open('/display', 'oja-customer-display', 'popup,width=1024,height=768')?.focus()}
    >
      Customer display
    </button>
  );
}
