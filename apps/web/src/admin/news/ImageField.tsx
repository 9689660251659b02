import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../ui/Button.tsx';
import { FieldError } from '../ui/Field.tsx';
import { imageFileError } from './schema.ts';

interface ImageFieldProps {
  file: File | null;
  /** The stored image an edit keeps, if any. */
  keptImageURL: string | null;
  alt: string;
  error?: string;
  onPick: (file: File | null, error: string | null) => void;
  onRemoveKept: () => void;
}

/** A file input with its preview; a file that is too big or not an image is refused at once. */
export function ImageField({
  file,
  keptImageURL,
  alt,
  error,
  onPick,
  onRemoveKept,
}: ImageFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [previewURL, setPreviewURL] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreviewURL(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewURL(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  // The input forgets its file when the form is reset.
  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = '';
  }, [file]);

  const shown = previewURL ?? keptImageURL;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Image
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-800 file:px-3 file:py-2 file:text-white"
        onChange={(event) => {
          const picked = event.target.files?.[0] ?? null;
          const problem = picked ? imageFileError(picked) : null;
          if (problem) event.target.value = '';
          onPick(problem ? null : picked, problem);
        }}
      />
      <FieldError id={`${id}-error`} message={error} />
      {shown ? (
        <div className="mt-3 flex items-end gap-3">
          <img
            src={shown}
            alt={alt || 'Image preview'}
            width={240}
            height={135}
            className="h-36 w-60 rounded-md border border-slate-200 object-cover"
          />
          {previewURL ? (
            <Button variant="ghost" onClick={() => onPick(null, null)}>
              Clear image
            </Button>
          ) : (
            <Button variant="ghost" onClick={onRemoveKept}>
              Remove image
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
