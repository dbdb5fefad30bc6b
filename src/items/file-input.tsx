/**
 * The hidden file input behind a file item's pick button: one file at a time, and the input is
 * cleared after each pick, so picking the same file again still reaches the item.
 */
import type { Ref } from 'react';

export function HiddenFileInput({ ref, accept, testId, onPick }: { ref: Ref<HTMLInputElement>; accept: string; testId: string; onPick: (file: File) => void }) {
  return (
    <input
      ref={ref}
      type="file"
      hidden
      accept={accept}
      data-testid={testId}
      onChange={(e) => {
        const file = e.currentTarget.files?.[0];
        e.currentTarget.value = '';
        if (file) onPick(file);
      }}
    />
  );
}
