import { useState } from 'react';
import { Button } from '../ui/Button.tsx';

/**
 * The ten recovery codes, shown once: a warning, the list, and ways to keep them (copy to the
 * clipboard, download as a text file).
 */
export function RecoveryCodesNotice({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n') + '\n';

  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'newsroom-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="mt-3">
      <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
        Save these recovery codes now: they are shown only this once. If you lose your phone, each
        code signs you in once instead of a code of the app.
      </p>
      <ul
        aria-label="Recovery codes"
        className="my-4 grid max-w-md grid-cols-2 gap-2 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
      </div>
    </div>
  );
}
