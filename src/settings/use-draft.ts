/**
 * The text of a setting being edited. It starts from the stored value and follows it when the value changes
 * elsewhere (another tab, another device by sync, or this field's own save coming back), but never over what
 * the person has typed and not yet saved: the echo of a save arriving between two keystrokes used to put the
 * stored text back in the field, so the next key and Enter saved nothing (seen in the settings browser test
 * under load: '2' typed after 'ShopSender1' vanished and the refusal never came).
 */
import { useState } from 'react';

/** [draft, setDraft, saved]: call saved(text) once `text` is stored, so the field follows later changes again. */
export function useDraft<T>(value: T): [T, (next: T) => void, (stored: T) => void] {
  const [draft, setDraft] = useState(value);
  // The stored value at the last render: a change of it is what the draft may follow.
  const [seen, setSeen] = useState(value);
  // The text that holds nothing unsaved (the value last followed, or the text last saved).
  const [clean, setClean] = useState(value);
  if (!Object.is(value, seen)) {
    // Adjusting state while rendering (React's pattern for state that follows a prop): no frame shows the old text.
    setSeen(value);
    if (Object.is(draft, clean)) setDraft(value);
    setClean(value);
  }
  return [draft, setDraft, setClean];
}
