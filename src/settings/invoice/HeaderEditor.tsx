/**
 * The rich-text invoice header editor, on Tiptap (ProseMirror): bold, italic, underline, alignment, text size,
 * paragraph or header levels 1-3, and colour. Tiptap's schema keeps only what these tools make; the HTML it
 * produces is cleaned again with DOMPurify (src/ui/sanitize.ts) before it is stored.
 */
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import { TextStyleKit } from '@tiptap/extension-text-style';

const SIZES = ['', '12px', '14px', '16px', '20px', '24px', '32px'];
const ALIGNS = [
  ['left', 'Align left'],
  ['center', 'Align centre'],
  ['right', 'Align right'],
] as const;

/** Created once: options that change between renders would make Tiptap rebuild the editor and lose the text. */
const EXTENSIONS = [
  StarterKit.configure({ heading: { levels: [1, 2, 3] }, code: false, codeBlock: false, blockquote: false, horizontalRule: false, link: false }),
  TextAlign.configure({ types: ['heading', 'paragraph'] }),
  TextStyleKit.configure({ backgroundColor: false, fontFamily: false, lineHeight: false }),
];
const EDITOR_PROPS = { attributes: { 'aria-label': 'Invoice header', 'aria-multiline': 'true', role: 'textbox', class: 'header-editor-text', 'data-testid': 'header-editor' } };

/** One editor for the life of the component (deps []), starting from `initialHtml` (already cleaned). */
export function useHeaderEditor(initialHtml: string) {
  return useEditor({ extensions: EXTENSIONS, content: initialHtml, editorProps: EDITOR_PROPS }, []);
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      align: ALIGNS.find(([a]) => e.isActive({ textAlign: a }))?.[0] ?? 'left',
      level: ([1, 2, 3] as const).find((l) => e.isActive('heading', { level: l })) ?? 0,
      size: (e.getAttributes('textStyle').fontSize as string | undefined) ?? '',
      color: (e.getAttributes('textStyle').color as string | undefined) ?? '#000000',
    }),
  });
  const chain = () => editor.chain().focus();
  const toggle = (label: string, pressed: boolean, run: () => void, key: string) => (
    <button type="button" className="btn btn-small" aria-pressed={pressed} aria-keyshortcuts={key} title={`${label} (${key})`} onClick={run}>
      {label}
    </button>
  );
  return (
    <div className="header-toolbar" role="toolbar" aria-label="Header formatting">
      {toggle('Bold', state.bold, () => chain().toggleBold().run(), 'Control+B')}
      {toggle('Italic', state.italic, () => chain().toggleItalic().run(), 'Control+I')}
      {toggle('Underline', state.underline, () => chain().toggleUnderline().run(), 'Control+U')}
      {ALIGNS.map(([a, label]) => (
        <button key={a} type="button" className="btn btn-small" aria-pressed={state.align === a} onClick={() => chain().setTextAlign(a).run()}>
          {label}
        </button>
      ))}
      <label>
        Style{' '}
        <select
          value={state.level}
          onChange={(e) => {
            const level = Number(e.target.value) as 0 | 1 | 2 | 3;
            if (level) chain().setHeading({ level }).run();
            else chain().setParagraph().run();
          }}
        >
          <option value={0}>Paragraph</option>
          <option value={1}>Header 1</option>
          <option value={2}>Header 2</option>
          <option value={3}>Header 3</option>
        </select>
      </label>
      <label>
        Size{' '}
        <select value={state.size} onChange={(e) => (e.target.value ? chain().setFontSize(e.target.value).run() : chain().unsetFontSize().run())}>
          {SIZES.map((s) => (
            <option key={s} value={s}>
              {s || 'Normal'}
            </option>
          ))}
        </select>
      </label>
      <label>
        Colour <input type="color" value={state.color} data-testid="header-colour" onChange={(e) => chain().setColor(e.target.value).run()} />
      </label>
    </div>
  );
}

export function HeaderEditor({ editor }: { editor: Editor | null }) {
  if (!editor) return null;
  return (
    <div className="header-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
