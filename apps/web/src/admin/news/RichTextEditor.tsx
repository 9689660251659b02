import 'quill/dist/quill.snow.css';
import type Quill from 'quill';
import { useEffect, useRef } from 'react';

interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
  invalid?: boolean;
  describedBy?: string;
  readOnly?: boolean;
  /** Puts the caret in the editor once it has loaded. */
  autoFocus?: boolean;
}

const TOOLBAR = [
  [{ header: [2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['blockquote', 'link'],
  ['clean'],
];

/** An empty Quill document is one empty paragraph: that is no description. */
const isEmpty = (html: string) => html.replace(/<p><br><\/p>/g, '').trim() === '';

/**
 * Quill with the snow theme, loaded on demand so only the news screens pay for it. The editor
 * owns its document; a value from outside (an item loaded, a reset) is pasted in.
 */
export function RichTextEditor({
  value,
  onChange,
  labelId,
  invalid,
  describedBy,
  readOnly = false,
  autoFocus = false,
}: RichTextEditorProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const quillRef = useRef<Quill | null>(null);
  const emitted = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  const initialValue = useRef(value);
  const readOnlyRef = useRef(readOnly);
  readOnlyRef.current = readOnly;
  const autoFocusRef = useRef(autoFocus);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let cancelled = false;
    const container = containerRef.current;
    if (!container) return;
    const host = document.createElement('div');
    container.appendChild(host);
    void import('quill').then(({ default: QuillClass }) => {
      if (cancelled) return;
      const quill = new QuillClass(host, { theme: 'snow', modules: { toolbar: TOOLBAR } });
      quill.root.setAttribute('role', 'textbox');
      quill.root.setAttribute('aria-multiline', 'true');
      quill.root.setAttribute('aria-labelledby', labelId);
      // The heading picker opens from a label Quill leaves without a name.
      container
        .querySelector('.ql-header .ql-picker-label')
        ?.setAttribute('aria-label', 'Heading level');
      if (initialValue.current)
        quill.clipboard.dangerouslyPasteHTML(initialValue.current, 'silent');
      emitted.current = initialValue.current;
      quill.on('text-change', () => {
        const html = isEmpty(quill.root.innerHTML) ? '' : quill.root.innerHTML;
        emitted.current = html;
        onChangeRef.current(html);
      });
      quillRef.current = quill;
      quill.enable(!readOnlyRef.current);
      if (autoFocusRef.current) quill.focus({ preventScroll: true });
    });
    return () => {
      cancelled = true;
      quillRef.current = null;
      container.replaceChildren();
    };
  }, [labelId]);

  useEffect(() => {
    const quill = quillRef.current;
    if (!quill) {
      initialValue.current = value;
      return;
    }
    if (value === emitted.current) return;
    emitted.current = value;
    if (value) quill.clipboard.dangerouslyPasteHTML(value, 'silent');
    else quill.setText('', 'silent');
  }, [value]);

  useEffect(() => {
    quillRef.current?.enable(!readOnly);
    const root = quillRef.current?.root;
    if (!root) return;
    if (invalid) root.setAttribute('aria-invalid', 'true');
    else root.removeAttribute('aria-invalid');
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
  });

  return (
    <div
      ref={containerRef}
      data-testid="rich-text-editor"
      className={`rounded-md bg-white [&_.ql-editor]:min-h-48 ${invalid ? 'ring-2 ring-red-600/40' : ''}`}
    />
  );
}
